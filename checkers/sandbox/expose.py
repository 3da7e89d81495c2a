"""Child side of a spot-the-bug input (dlprep.spotbug): load a file (a wrong answer or the
reference), evaluate the user's input with the file's names in scope, describe the result.

The input is user text and the file may be wrong code: both run only here, in the sandbox. The
RNGs are seeded with the same fixed value on both sides, so `torch.randn(3)` in an input gives
the wrong code and the reference the same tensor.
"""

from __future__ import annotations

import ast
import random
from typing import Any

from dlprep.checkers.sandbox import harness

SEED = 0


def _seed() -> None:
    random.seed(SEED)
    try:
        import numpy as np

        np.random.seed(SEED)
    except ImportError:
        pass
    import torch

    torch.manual_seed(SEED)


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    import torch

    expression = str(job["expression"])
    try:  # the input is parsed before the file runs: a typo is the user's, not the file's
        tree = ast.parse(expression, "<input>", "exec")
    except SyntaxError as e:
        return harness.dump({"input_error": f"{e.msg} (column {e.offset})"})
    _seed()
    try:
        mod = harness.load_user_module(job["source"], job["filename"])
    except harness.UserCodeError as e:
        harness.stop_if_forked()
        return harness.dump({"load_error": e.info})
    harness.stop_if_forked()
    scope = {"torch": torch, **mod.__dict__}
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    _seed()
    try:
        exec(compile(tree, "<input>", "exec"), scope)
        value = eval(compile(ast.Expression(last.value), "<input>", "eval"), scope) if last else None
        facts: dict[str, Any] = {"value": harness.describe(value)}
    except BaseException as e:
        facts = {"error": harness.error_info(e, job["filename"])}
    harness.stop_if_forked()
    return harness.dump(facts)
