"""One case of an exercise on its own: pick it by name, and write its inputs as a runnable snippet.

`dlprep submit ID FILE --case NAME` grades only that case; for exercises whose cases are plain
calls (`entry(*args)` with tensors and Python values) it also prints a few lines that rebuild
the exact inputs - values, dtype, strides and storage offset - and call the solution, so the
mismatch can be stepped through in a debugger without the grader.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch

from dlprep.checkers.base import Case
from dlprep.errors import UsageError

MAX_PRINTED = 256  # elements of one tensor's storage written out; larger inputs get no snippet


def bare(name: str) -> str:
    """A case name as the verdict shows it (`public/x`, `hidden/x`) or as check.py spells it (`x`)."""
    for prefix in ("public/", "hidden/"):
        if name.startswith(prefix):
            return name[len(prefix):]
    return name


def pick(public: list[Case], hidden: list[Case], name: str, seeded: bool,
         build: Callable[[str], Case | None] | None = None) -> tuple[list[Case], list[Case]]:
    """The one case called `name`, kept on its side (public or hidden); a usage error naming the
    public cases when there is none. A hidden case is found only with a fixed --seed: without it the
    hidden cases are drawn afresh, and the name would point to other inputs than the verdict's.
    `build` makes a case from a name that spells its inputs' domain (a contract point, which the
    shrinker reports): found with or without a seed, since the point is what shows the bug."""
    want = bare(name)
    hit = [c for c in public if c.name == want]
    if hit:
        return hit[:1], []
    built = build(want) if build is not None else None
    if built is not None:
        return [], [built]
    # hidden cases drawn from a list of kinds are numbered (`kind#3`): the kind alone names its first
    hit = [c for c in hidden if c.name == want] or [c for c in hidden if c.name.split("#")[0] == want]
    if hit and seeded:
        return [], hit[:1]
    names = ", ".join(c.name for c in public) or "none"
    more = (" (that is a hidden case: add the --seed the grading used)" if hit else
            "; hidden cases are found with --seed SEED")
    raise UsageError(f"no case named {want!r}{more}; public cases: {names}")


def _literal(x: Any) -> str | None:
    if isinstance(x, torch.Tensor):
        return _tensor(x)
    if x is None or isinstance(x, (bool, int, float, str)):
        return repr(x)
    if isinstance(x, (list, tuple)):
        items = [_literal(i) for i in x]
        if any(i is None for i in items):
            return None
        inner = ", ".join(i for i in items if i is not None)
        return f"[{inner}]" if isinstance(x, list) else f"({inner}{',' if len(items) == 1 else ''})"
    if isinstance(x, torch.dtype):
        return str(x)
    return None


def _tensor(t: torch.Tensor) -> str | None:
    if t.device.type != "cpu" or t.is_sparse or t.requires_grad:
        return None
    n = t.untyped_storage().nbytes() // t.element_size()
    if n > MAX_PRINTED:
        return None
    flat = torch.empty(0, dtype=t.dtype).set_(t.untyped_storage(), 0, (n,), (1,))
    values = flat.tolist()
    base = f"torch.tensor({values!r}, dtype={t.dtype})"
    if t.is_contiguous() and t.storage_offset() == 0 and t.numel() == n:
        return f"{base}.reshape({tuple(t.shape)!r})"
    return f"{base}.as_strided({tuple(t.shape)!r}, {tuple(t.stride())!r}, {t.storage_offset()})"


def snippet(case: Case, entry: str, filename: str) -> str | None:
    """Python that rebuilds the case's arguments and calls `entry` from the solution file; None
    when a case is not a plain call or an input is too large to write out."""
    if type(case) is not Case:  # probe families hand specs to a harness, not arguments to the entry
        return None
    args = [_literal(a) for a in case.args]
    kwargs = {k: _literal(v) for k, v in case.kwargs.items()}
    if any(a is None for a in args) or any(v is None for v in kwargs.values()):
        return None
    module = filename.removesuffix(".py")
    lines = ["import torch", f"from {module} import {entry}", "", "args = ["]
    lines += [f"    {a}," for a in args]
    lines += ["]"]
    if kwargs:
        lines += ["kwargs = {", *(f"    {k!r}: {v}," for k, v in kwargs.items()), "}"]
    lines += [f"out = {entry}(*args{', **kwargs' if kwargs else ''})", "print(out)"]
    return "\n".join(lines)
