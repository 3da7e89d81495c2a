"""Child side of a spot-the-bug input (dlprep.spotbug): load a file (a wrong answer, and the
reference beside it), evaluate the user's input with the file's names in scope, describe results.

The input is user text and the file may be wrong code: both run only here, in the sandbox. With a
`reference` in the job the run forks once, before anything is loaded: the fork evaluates the input
on the wrong file while this process does it on the reference, so one round trip (and both cores)
serve the comparison, and a wrong file that crashes or hangs is reported by the reference's side.
The RNGs are seeded with the same fixed value on both sides, so `torch.randn(3)` in an input gives
the wrong code and the reference the same tensor.

`run_batch` proves many cards of one exercise in one run (`dlprep verify`): it pays the run's start
once (the worker's warm-up of the exercise's family, the job's `warm`, is inherited), then forks
one process per card that does exactly what `run_child` does (fork the wrong side, evaluate the
reference), so each wrong file still starts from a process that never saw the reference or another
card's file, and a card that crashes or hangs costs only its own verdict. Its processes are killed
(by process group) before its verdict is counted; a few cards run at once, so one that waits out
its time limit does not hold up the rest.
"""

from __future__ import annotations

import ast
import os
import select
import signal
import time
from typing import Any

from dlprep.checkers.sandbox import harness
from dlprep.checkers.sandbox.isolation import reap_zombies

SEED = 0
WRONG_SHARE = 0.6  # of the run's time limit that the wrong side may take after the reference's


def _seed() -> None:
    harness.seed_all(SEED)  # both sides start from the same random state


def _evaluate(source: str, filename: str, tree: ast.Module) -> dict[str, Any]:
    import torch

    _seed()
    try:
        mod = harness.load_user_module(source, filename)
    except harness.UserCodeError as e:
        harness.stop_if_forked()
        return {"load_error": e.info}
    harness.stop_if_forked()
    scope = {"torch": torch, **mod.__dict__}
    body = list(tree.body)
    last = body.pop() if body and isinstance(body[-1], ast.Expr) else None
    assert last is None or isinstance(last, ast.Expr)
    _seed()
    try:
        exec(compile(ast.Module(body, []), "<input>", "exec"), scope)
        value = eval(compile(ast.Expression(last.value), "<input>", "eval"), scope) if last else None
        facts: dict[str, Any] = {"value": harness.describe(value)}
    except BaseException as e:
        facts = {"error": harness.error_info(e, filename)}
    harness.stop_if_forked()
    return facts


def _read_all(fd: int, deadline: float) -> bytes | None:
    """Everything the fork writes, or None when it has not finished by `deadline` (monotonic)."""
    chunks: list[bytes] = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    return harness.dump(_one(job))


def _one(job: dict[str, Any]) -> dict[str, Any]:
    try:  # the input is parsed before any file runs: a typo is the user's, not the file's
        tree = ast.parse(str(job["expression"]), "<input>", "exec")
    except SyntaxError as e:
        return {"input_error": f"{e.msg} (column {e.offset})"}
    if "reference" not in job:
        return _evaluate(job["source"], job["filename"], tree)
    rfd, wfd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the wrong file's side: if it crashes or hangs, the reference's side still reports
        os.close(rfd)
        harness.started()  # this process reports to the pipe; its own forks must not
        out = harness.dump(_evaluate(job["source"], job["filename"], tree))
        view = memoryview(out)
        while view:
            view = view[os.write(wfd, view):]
        os._exit(0)
    os.close(wfd)
    reference = _evaluate(job["reference"], "<reference>", tree)
    data = _read_all(rfd, time.monotonic() + float(job.get("timeout", 30)) * WRONG_SHARE)
    os.close(rfd)
    if data is None:
        os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
    if data:
        wrong = harness.load(data)
    elif data is None:
        wrong = {"crashed": "it did not finish in time"}
    else:
        wrong = {"crashed": f"its process ended without a result ({_status(status)})"}
    return {"wrong": wrong, "reference": reference}


def _status(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"


# ---------------------------------------------------------------- many cards in one run

POLL_S = 0.01


def _start(card: dict[str, Any], common: dict[str, Any], out: str) -> int:
    """Fork the process of one card, leader of its own process group (all its leftovers die with it)."""
    pid = os.fork()
    if pid == 0:
        try:
            os.setpgid(0, 0)
            harness.started()
            data = harness.dump(_one({**common, **card}))
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


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass


def _reap(ended: dict[int, int]) -> None:
    """Wait for every child that ended: card processes, and (we may be the pid namespace's init)
    orphans of killed ones, which would otherwise stay as zombies."""
    reap_zombies(ended)


def run_batch(job: dict[str, Any], payload: bytes) -> bytes:
    """Each of `job["cards"]` ({source, filename, expression}) against `job["reference"]`, as
    `run_child` would do it in a job of its own; the result is their results, in order."""
    import tempfile

    cards: list[dict[str, Any]] = list(job["cards"])
    timeout = float(job.get("card_timeout", 30))
    common = {"reference": job["reference"], "timeout": timeout}
    limit = timeout * (1 + WRONG_SHARE) + 5  # the reference's time, the wrong side's share, a margin
    results: list[dict[str, Any]] = [{"problem": "it was not run"}] * len(cards)
    folder = tempfile.mkdtemp(prefix="expose-")
    todo = list(range(len(cards)))[::-1]
    running: dict[int, tuple[int, float]] = {}  # pid -> (card index, deadline)
    parallel = max(1, int(job.get("parallel", 2)))
    ended: dict[int, int] = {}  # pid -> wait status, of card processes that ended
    while todo or running:
        while todo and len(running) < parallel:
            i = todo.pop()
            pid = _start(cards[i], common, f"{folder}/{i}")
            ended.pop(pid, None)  # a stale entry of an earlier process with the same pid
            running[pid] = (i, time.monotonic() + limit)
        time.sleep(POLL_S)
        _reap(ended)
        for pid, (i, deadline) in list(running.items()):
            if pid not in ended and time.monotonic() < deadline:
                continue
            _kill_group(pid)  # its wrong side and whatever either side left running
            del running[pid]
            status = ended.pop(pid, None)
            try:
                with open(f"{folder}/{i}", "rb") as f:
                    results[i] = harness.load(f.read())
            except Exception:  # no file (it died first) or one that cannot be read
                why = "it did not finish in time" if status is None else \
                    f"it ended without a result ({_status(status)})"
                results[i] = {"problem": why}
    _reap(ended)
    return harness.dump({"cards": results})
