"""Child side of a spot-the-bug input (dlprep.spotbug): load a file (a wrong answer, and the
reference beside it), evaluate the user's input with the file's names in scope, describe results.

The input is user text and the file may be wrong code: both run only here, in the sandbox. With a
`reference` in the job the run forks once, before anything is loaded: the fork evaluates the input
on the wrong file while this process does it on the reference, so one round trip (and both cores)
serve the comparison, and a wrong file that crashes or hangs is reported by the reference's side.
The RNGs are seeded with the same fixed value on both sides, so `torch.randn(3)` in an input gives
the wrong code and the reference the same tensor.
"""

from __future__ import annotations

import ast
import os
import random
import select
import signal
import time
from typing import Any

from dlprep.checkers.sandbox import harness

SEED = 0
WRONG_SHARE = 0.6  # of the run's time limit that the wrong side may take after the reference's


def _seed() -> None:
    random.seed(SEED)
    try:
        import numpy as np

        np.random.seed(SEED)
    except ImportError:
        pass
    import torch

    torch.manual_seed(SEED)


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
    try:  # the input is parsed before any file runs: a typo is the user's, not the file's
        tree = ast.parse(str(job["expression"]), "<input>", "exec")
    except SyntaxError as e:
        return harness.dump({"input_error": f"{e.msg} (column {e.offset})"})
    if "reference" not in job:
        return harness.dump(_evaluate(job["source"], job["filename"], tree))
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
    return harness.dump({"wrong": wrong, "reference": reference})


def _status(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
