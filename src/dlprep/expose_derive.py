"""Finding exposing inputs for spot-the-bug cards: `python -m dlprep.expose_derive [EXERCISE...]`.

For each card without a stored input, try the exercise's `candidates:` (expose.yaml) and, for a
call-style exercise (tensor_fn, stride_view), each public case of its check.py written out as an
expression; store the first that makes the wrong code and the reference differ in the sandbox.
Tensors of a case are written exactly when small (values, then `as_strided` for their layout),
else as seeded random tensors of the same shape, dtype and layout (the child seeds both sides).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import yaml

from dlprep import paths, spotbug

SHORT, EXACT = 8, 48  # up to how many storage elements a tensor is written out value by value


def _number(v: Any, dtype: Any) -> str:
    import numpy as np
    import torch

    if isinstance(v, bool):
        return repr(v)
    if isinstance(v, float):
        if v != v:
            return "float('nan')"
        if v in (float("inf"), float("-inf")):
            return "float('inf')" if v > 0 else "-float('inf')"
        if dtype in (torch.float32, torch.float16, torch.bfloat16):
            return str(np.float32(v)) if dtype is torch.float32 else repr(v)
    return repr(v)


def _random(x: Any, n: int, dt: str) -> str:
    import torch

    if x.dtype.is_floating_point or x.dtype.is_complex:
        return f"torch.randn({n}, dtype={dt})"
    if x.dtype is torch.bool:
        return f"(torch.rand({n}) > 0.5)"
    lo, hi = (int(x.min()), int(x.max())) if x.numel() else (0, 1)
    return f"torch.randint({lo}, {hi + 1}, ({n},), dtype={dt})"


def literal(x: Any, exact: int = EXACT) -> str:
    """Python source that rebuilds `x` (a case argument) in the sandbox child."""
    import torch

    if isinstance(x, torch.Tensor):
        dt = str(x.dtype)
        storage_n = x.untyped_storage().nbytes() // max(x.element_size(), 1)
        base = torch.empty(0, dtype=x.dtype).set_(x.untyped_storage(), 0, (storage_n,), (1,))
        packed = x.is_contiguous() and x.storage_offset() == 0 and storage_n == x.numel()
        if storage_n <= exact:
            values = ", ".join(_number(v, x.dtype) for v in base.detach().tolist())
            text = f"torch.tensor([{values}], dtype={dt})"
        else:
            text = _random(x, x.numel() if packed else storage_n, dt)
        text = f"{text}.view({tuple(x.shape)})" if packed else \
            f"{text}.as_strided({tuple(x.shape)}, {tuple(x.stride())}, {x.storage_offset()})"
        return f"{text}.requires_grad_()" if x.requires_grad else text
    if isinstance(x, torch.Size):
        return repr(tuple(x))
    if isinstance(x, tuple):
        inner = ", ".join(literal(v, exact) for v in x)
        return f"({inner},)" if len(x) == 1 else f"({inner})"
    if isinstance(x, list):
        return "[" + ", ".join(literal(v, exact) for v in x) + "]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{k!r}: {literal(v, exact)}" for k, v in x.items()) + "}"
    if x is None or isinstance(x, bool | int | float | str | torch.dtype):
        return _number(x, None) if isinstance(x, float) else repr(x)  # a dtype's repr is `torch.float32`
    raise TypeError(f"no literal for a {type(x).__name__}")


def case_inputs(q: Any) -> list[str]:
    """Each public case of a call-style exercise as `entry(args...)`, short forms first."""
    from dlprep.checkers.base import load_exercise

    ex = load_exercise(q)
    out: list[str] = []
    try:
        cases = list(ex.check.public_cases())
    except Exception:  # a family whose check.py has no call cases (scenarios, graphs, launches)
        return []
    for exact in (SHORT, EXACT):  # short (seeded random values) first: they read better on a card
        for case in cases:
            try:
                args = [literal(a, exact) for a in getattr(case, "args", ())] + \
                    [f"{k}={literal(v, exact)}" for k, v in getattr(case, "kwargs", {}).items()]
            except TypeError:
                continue  # an argument only Python objects can express (a module, a graph)
            text = f"{q.entry}({', '.join(args)})"
            if text not in out:
                out.append(text)
    return out


def derive(exercise: str, runner: spotbug.ExposeRunner, log: Any = print) -> int:
    """Store an exposing input for every card of `exercise` that lacks one; returns how many cards
    still have neither an input nor a `lines_only` reason."""
    from dlprep import bank

    catalog = bank.catalog_or_raise()
    coding = next(lq.q for lq in catalog.questions.values()
                  if lq.q.type == "coding" and lq.q.exercise == exercise)
    cards = [lq.q for lq in catalog.questions.values() if lq.q.type == "spot_bug" and lq.q.exercise == exercise]
    folder = paths.exercises_dir() / exercise
    table = dict(spotbug.expose_table(folder))
    inputs: dict[str, str] = dict(table.get("inputs") or {})
    candidates = [str(c) for c in table.get("candidates") or []]
    candidates += case_inputs(coding)
    missing = 0
    for card in cards:
        if card.origin in inputs and _still_exposes(runner, card, inputs[card.origin]):
            continue
        if card.lines_only:
            continue
        found = next((c for c in candidates if runner.prove(card, c).differs), None)
        if found is None:
            inputs.pop(card.origin, None)
            missing += 1
            log(f"{exercise}/{card.origin}: no candidate exposes it")
        else:
            inputs[card.origin] = found
            log(f"{exercise}/{card.origin}: {found[:100]}")
    table["inputs"] = dict(sorted(inputs.items()))
    _write(folder, table)
    return missing


def _still_exposes(runner: spotbug.ExposeRunner, card: Any, expression: str) -> bool:
    return runner.prove(card, expression).differs


_HEAD = """\
# Spot-the-bug inputs of this exercise (dlprep.spotbug): `inputs` maps a wrong file to an input
# on which it and reference.py differ (verify proves each); `lines_only` says why no input can
# show a file's bug here; `candidates` are tried by `python -m dlprep.expose_derive`.
"""


def _write(folder: Path, table: dict[str, Any]) -> None:
    order = {k: table[k] for k in ("candidates", "lines_only", "inputs") if table.get(k)}
    text = yaml.safe_dump(order, sort_keys=False, allow_unicode=True, width=10_000)
    (folder / spotbug.EXPOSE_FILE).write_text(_HEAD + text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m dlprep.expose_derive", description=__doc__.split("\n\n")[0])
    ap.add_argument("exercises", nargs="*", help="exercise folder names (default: all)")
    args = ap.parse_args(argv)
    from dlprep.checkers.sandbox.client import Sandbox

    root = paths.exercises_dir()
    names = args.exercises or sorted(p.name for p in root.iterdir() if (p / "reference.py").is_file())
    sandbox = Sandbox()
    try:
        runner = spotbug.ExposeRunner(sandbox, root)
        missing = sum(derive(n, runner) for n in names)
    finally:
        sandbox.close()
    print(f"{missing} card(s) without an exposing input")
    return 0


if __name__ == "__main__":
    sys.exit(main())
