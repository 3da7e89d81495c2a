"""Runs a bank's code snippet (an `output` question, or the `code` of a short/true_false one).

Child side only: the snippet runs as `__main__` and prints; the worker captures stdout through
its capped pipe and the verifier compares it. Every RNG is seeded from fresh entropy first, so a
snippet that forgot to seed prints different numbers on two runs and is caught as unverifiable
(a forked child would otherwise inherit the worker's one RNG state and look deterministic).

`run_batch` runs many snippets in one sandbox job (`dlprep verify`: every snippet of a topic, each
as often as verify needs it): the job's start is paid once, and each run is a process of its own,
forked from this one before any snippet ran here, that does exactly what `run_child` does, with
its stdout and stderr in files of its own (capped like the worker's pipes). A run that hangs costs
only its own result; its process group is killed when it ends.
"""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import time
import types
from typing import Any

from dlprep.checkers.sandbox import harness
from dlprep.checkers.sandbox.isolation import reap_zombies

OUTPUT_CAP = 1_000_000  # bytes of stdout and of stderr kept per run, as the worker keeps per job
POLL_S = 0.01


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    harness.seed_all(int.from_bytes(os.urandom(4), "little"))
    main = types.ModuleType("__main__")
    main.__dict__["__builtins__"] = __builtins__
    sys.modules["__main__"] = main
    sys.argv = ["snippet.py"]
    try:
        exec(compile(job["source"], job["filename"], "exec"), main.__dict__)
    except BaseException as e:
        import traceback

        harness.stop_if_forked()
        traceback.print_exc()
        return harness.dump({"error": harness.error_info(e, job["filename"])})
    finally:
        sys.stdout.flush()
    harness.stop_if_forked()
    return harness.dump({"ok": True, **harness.run_facts()})


# ---------------------------------------------------------------- many snippets in one job

def _start(job: dict[str, Any], out: str) -> int:
    """Fork one run, leader of its own process group, its stdout and stderr in files beside `out`."""
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            for fd, name in ((1, "stdout"), (2, "stderr")):
                target = os.open(f"{out}.{name}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(target, fd)
                os.close(target)
            harness.started()
            data = run_child(job, b"")
            sys.stdout.flush()
            sys.stderr.flush()
            with open(f"{out}.part", "wb") as f:  # a file, not a pipe: a leftover holder cannot make it hang
                f.write(data)
            os.replace(f"{out}.part", out)  # whole or absent, even when killed while writing
        finally:
            os._exit(0)
    try:
        os.setpgid(pid, pid)  # also here: the group exists before we might have to kill it
    except OSError:
        pass
    return pid


def _read_capped(path: str) -> tuple[str, bool]:
    try:
        with open(path, "rb") as f:
            data = f.read(OUTPUT_CAP + 1)
    except OSError:
        return "", False
    return data[:OUTPUT_CAP].decode("utf-8", "replace"), len(data) > OUTPUT_CAP


def _outcome(out: str, status: int | None, seconds: float) -> dict[str, Any]:
    stdout, out_cut = _read_capped(f"{out}.stdout")
    stderr, err_cut = _read_capped(f"{out}.stderr")
    run: dict[str, Any] = {"stdout": stdout, "stderr": stderr, "truncated": out_cut or err_cut, "status": "error",
                           "seconds": seconds}
    try:
        with open(out, "rb") as f:
            facts = harness.load(f.read())
    except Exception:  # no file (it died first) or one that cannot be read
        facts = None
    if status is None:
        run.update(status="timeout", problem="timed out (the whole process group was killed)")
    elif out_cut:
        run["problem"] = "the solution printed more than 1 MB; the run was stopped there and does not count"
    elif facts is None:
        code = os.waitstatus_to_exitcode(status)
        run["problem"] = (f"the snippet crashed with signal {-code}" if code < 0 else
                          f"the process exited with status {code} without a result")
    else:
        run.update(status="ok", facts=facts)
    return run


def run_batch(job: dict[str, Any], payload: bytes) -> bytes:
    """Each of `job["runs"]` ({source, filename}) as `run_child` would run it in a job of its own,
    `job["parallel"]` at a time, each within `job["run_timeout"]`; the result is their outcomes, in
    order: stdout, stderr, status ("ok", "error", "timeout"), the harness's facts or the problem."""
    runs: list[dict[str, Any]] = list(job["runs"])
    limit = float(job.get("run_timeout", 120))
    folder = tempfile.mkdtemp(prefix="snippets-")
    results: list[dict[str, Any]] = [{"status": "error", "problem": "it was not run", "stdout": "", "stderr": ""}
                                     ] * len(runs)
    todo = list(range(len(runs)))[::-1]
    running: dict[int, tuple[int, float, float]] = {}  # pid -> (run index, deadline, start)
    parallel = max(1, int(job.get("parallel", 1)))
    ended: dict[int, int] = {}  # pid -> wait status, of run processes that ended
    while todo or running:
        while todo and len(running) < parallel:
            i = todo.pop()
            pid = _start({**runs[i], "timeout": limit}, f"{folder}/{i}")
            ended.pop(pid, None)  # a stale entry of an earlier process with the same pid
            running[pid] = (i, time.monotonic() + limit, time.monotonic())
        time.sleep(POLL_S)
        reap_zombies(ended)  # run processes, and orphans of killed ones (we may be the namespace's init)
        for pid, (i, deadline, t0) in list(running.items()):
            if pid not in ended and time.monotonic() < deadline:
                continue
            status = ended.pop(pid, None)
            try:
                # The run and whatever it left in its group (DataLoader workers still shutting
                # down): not an error, as a single job's leftovers die with its pid namespace.
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                pass
            del running[pid]
            results[i] = _outcome(f"{folder}/{i}", status, time.monotonic() - t0)
    reap_zombies(ended)
    return harness.dump({"runs": results})
