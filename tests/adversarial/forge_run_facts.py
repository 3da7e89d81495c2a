# Leaves a process running and patches the harness (reachable through sys.modules) so that the
# facts it sends say nothing was left behind; a raw _thread thread, which threading.enumerate
# never lists, re-applies the patch in case the harness re-captures it.
import _thread
import os
import sys
import time


def _quiet(*_):
    return {"threads": [], "processes": 0}


def _keep_patching():
    while True:
        sys.modules["dlprep.checkers.sandbox.harness"].run_facts = _quiet
        time.sleep(0.001)


_started = False  # once is the attack: once per case (dozens with a contract) only makes it slow


def solve(a, b):
    global _started
    if not _started:
        _started = True
        if os.fork() == 0:
            time.sleep(3600)
            os._exit(0)
        sys.modules["dlprep.checkers.sandbox.harness"].run_facts = _quiet
        _thread.start_new_thread(_keep_patching, ())
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)
