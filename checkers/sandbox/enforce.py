"""Child side of the forbidden-call rules: the forbidden callables are wrapped before the user's
file loads, and every call that comes from the user's code is recorded.

Reading the source (`checkers.rules`) misses a call spelled at run time: `getattr(torch, "b" +
"mm")`, `eval("torch.bmm")`, `importlib.import_module("torch").bmm`, `__import__("torch").bmm`.
Each of them reaches the same module attribute, which is the wrapper by then. A call counts when
the first frame above it that is not dynamic code (`<string>`, eval/exec) belongs to the user's
file, so torch calling its own functions on the user's behalf (F.linear inside nn.Linear, the
harness's own helpers) is never a hit. What is wrapped: functions and builtins (`torch.bmm`,
`F.batch_norm`), classes (their `__init__`: instantiating or subclassing `nn.Conv2d`,
`graphlib.TopologicalSorter`), Tensor and Module methods (`.reshape`, `.to`) and the `@` operator.
Names of modules (`torch.optim`) and of plain values (`torch.channels_last`) are left to the
source rules. The hits are reported facts: code that shares the process could hide them.

Below Python (an exercise whose config sets `forbid_in_any_form`): a Python name is one spelling of
an operation, and `torch._C._VariableFunctions.matmul`, `torch.ops.aten.mm` or `F.linear` reach
the same aten ops without touching the wrapped name. So each forbidden callable is run on a few
small sample inputs under a recording TorchDispatchMode (`forbidden_ops`: torch's own code only; the
grader does it once per exercise), and the aten ops it reaches, less the ones that only lay out or
allocate memory (views, copies, empty), become forbidden too; in the run a `_Watch` mode is pushed
before the user's file loads and stays on, recording every forbidden op reached while a frame of
the user's file is on the stack, however it was spelled.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import types
import warnings
from typing import Any

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from dlprep.checkers.rules import ALIASES

# (line, rule, how): how is "" for a call of the wrapped name, else the aten op it reached
_HITS: list[tuple[int, str, str]] = []
_getframe = sys._getframe
_isabs = os.path.isabs
_MATMUL_DUNDERS = ("__matmul__", "__rmatmul__", "__imatmul__")
# Ops that only lay out or allocate memory (besides views, found from their schema): the allowed
# spellings reach them as much as the forbidden ones, so they never become forbidden.
_STRUCTURAL = frozenset({"_unsafe_view", "empty", "empty_strided", "empty_like", "zeros", "zeros_like", "ones",
                         "ones_like", "full", "full_like", "fill_", "zero_", "copy_", "clone", "_to_copy",
                         "detach", "lift_fresh", "lift_fresh_copy", "resize_", "alias", "contiguous"})


def hits() -> list[list[Any]]:
    """[line, rule, how] of every forbidden call seen, first occurrence of each, in order."""
    seen: set[tuple[int, str, str]] = set()
    out: list[list[Any]] = []
    for h in _HITS:
        if h not in seen:
            seen.add(h)
            out.append(list(h))
    return out[:20]


def _user_line(filename: str, depth: int = 2) -> int | None:
    """The line of the user's file that made this call, or None when library code made it."""
    frame: types.FrameType | None = _getframe(depth)  # 0: here, 1: the wrapper, 2: its caller
    while frame is not None:
        name = frame.f_code.co_filename
        if name == filename:
            return frame.f_lineno
        if _isabs(name):  # a library's file: torch (or the harness) called it, not the user
            return None
        frame = frame.f_back  # dynamic code (eval, exec, <frozen ...>): look further out
    return None


def _wrap(fn: Any, rule: str, filename: str) -> Any:
    @functools.wraps(fn)
    def forbidden(*args: Any, **kwargs: Any) -> Any:
        line = _user_line(filename)
        if line is not None:
            _HITS.append((line, rule, ""))
        return fn(*args, **kwargs)

    forbidden.__dlprep_forbidden__ = True  # type: ignore[attr-defined]
    return forbidden


def counting(fn: Any, name: str, filename: str, counts: dict[str, int]) -> Any:
    """`fn` wrapped to count, under `name`, the calls that the user's code made itself (the
    torchrun family records which collectives a rank ran this way)."""
    @functools.wraps(fn)
    def counted(*args: Any, **kwargs: Any) -> Any:
        if _user_line(filename, 2) is not None:
            counts[name] = counts.get(name, 0) + 1
        return fn(*args, **kwargs)

    return counted


def _resolve(rule: str) -> tuple[Any, str] | None:
    """(owner, attribute) for a dotted rule whose owner is an importable module or a class."""
    parts = rule.split(".")
    parts[:1] = ALIASES.get(parts[0], parts[0]).split(".")
    for cut in range(len(parts) - 1, 0, -1):
        modname = ".".join(parts[:cut])
        try:
            owner: Any = sys.modules.get(modname) or importlib.import_module(modname)
        except Exception:
            continue
        for attr in parts[cut:-1]:
            owner = getattr(owner, attr, None)
            if owner is None:
                return None
        return owner, parts[-1]
    return None


def _install_one(owner: Any, attr: str, rule: str, filename: str) -> None:
    target = getattr(owner, attr, None)
    if target is None or getattr(target, "__dlprep_forbidden__", False):
        return
    if isinstance(target, type):  # a class: its construction (a subclass's super().__init__ too)
        init = target.__dict__.get("__init__") or getattr(target, "__init__")  # noqa: B009 - typed lookup
        if not getattr(init, "__dlprep_forbidden__", False):
            try:
                target.__init__ = _wrap(init, rule, filename)  # type: ignore[misc]
            except TypeError:  # a built-in type's slots cannot be set
                pass
        return
    if isinstance(target, types.ModuleType) or not callable(target):
        return  # a module or a plain value: the source rules only
    try:
        setattr(owner, attr, _wrap(target, rule, filename))
    except (AttributeError, TypeError):
        pass



def _target(rule: str) -> Any:
    """The (unwrapped) callable a rule names, or None for a class, module or plain value."""
    if rule == "@":
        return torch.Tensor.__matmul__
    if rule.startswith("."):
        return getattr(torch.Tensor, rule[1:], None)
    where = _resolve(rule)
    target = getattr(where[0], where[1], None) if where else None
    if isinstance(target, type | types.ModuleType) or not callable(target):
        return None
    return target


def _samples() -> list[tuple[Any, ...]]:
    """Small argument lists that the usual tensor callables accept, one way or another: vectors,
    matrices, batches, with an equation for einsum, dims for tensordot, images for conv, indices for
    gather and scatter, (batch, heads, length, dim) query/key/value for the attention kernels (which
    take nothing else), and quantisation parameters (per channel: scale, zero_point, axis and range;
    per tensor; the learnable form's float zero_point and grad factor) for the fake-quantize ops. A
    callable runs on every list it accepts (the rest raise and are skipped), so the ops of all its
    forms count."""
    v, m, b, idx = torch.randn(3), torch.randn(3, 3), torch.randn(2, 3, 3), torch.zeros(3, 3, dtype=torch.long)
    qkv = torch.randn(1, 2, 3, 4)
    return [(v, v), (m, v), (v, m), (m, m), (b, b), (b, m), (m, m, m), (b, b, b), (m, m, 1), (qkv, qkv, qkv),
            ("ij,jk->ik", m, m), ("bij,bjk->bik", b, b), (torch.randn(1, 2, 5, 5), torch.randn(3, 2, 3, 3)),
            (m,), (m, 0), (m, (3,)), (m, 0, idx), (m, idx), (m, 0, idx, m),
            (m, torch.ones(3), torch.zeros(3, dtype=torch.int32), 1, -128, 127), (m, 0.1, 0, -128, 127),
            (m, torch.ones(3), torch.zeros(3), 1, -128, 127, 1.0), (m, torch.ones(1), torch.zeros(1), -128, 127, 1.0)]


def _structural(op: Any) -> bool:
    if op.overloadpacket.__name__ in _STRUCTURAL or torch.Tag.inplace_view in op.tags:
        return True
    return any(r.alias_info is not None and not r.alias_info.is_write for r in op._schema.returns)


class _Mode(TorchDispatchMode):
    @classmethod
    def _should_skip_dynamo(cls) -> bool:
        # torch would wrap __torch_dispatch__ in dynamo's disable, importing torch._dynamo (about
        # 6 s) in every run on first use; these modes never run under torch.compile's tracing
        return False


class _Record(_Mode):
    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.ops: set[Any] = set()

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        self.ops.add(func)
        return func(*args, **(kwargs or {}))


def aten_ops(fn: Any) -> set[Any]:
    """The aten overloads `fn` computes with on the sample inputs, layout and allocation left out."""
    found: set[Any] = set()
    for args in _samples():  # made outside the recording: their own randn is not fn's
        rec = _Record()
        try:
            with rec, torch.no_grad(), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a deprecated form (baddbmm(beta, b1, b2)) is a form all the same
                fn(*args)
        except Exception:  # not a form of the arguments fn takes: what it did before raising is not its op
            continue
        found |= rec.ops
    return {op for op in found if not _structural(op)}


class _Watch(_Mode):
    """Pushed for the rest of the run: records a forbidden aten op reached from the user's code."""

    def __init__(self, ops: dict[Any, str], filename: str):
        super().__init__()  # type: ignore[no-untyped-call]
        self.ops, self.filename = ops, filename

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        rule = self.ops.get(func)
        if rule is not None:
            line = _user_frame(self.filename)
            if line is not None:
                _HITS.append((line, rule, f"aten.{func.overloadpacket.__name__}"))
        return func(*args, **(kwargs or {}))


def _user_frame(filename: str) -> int | None:
    """The line of the innermost frame of the user's file anywhere on the stack: below Python,
    torch calling on the user's behalf (einsum reaching bmm) counts, the harness's own work not."""
    frame: types.FrameType | None = _getframe(2)
    while frame is not None:
        if frame.f_code.co_filename == filename:
            return frame.f_lineno
        frame = frame.f_back
    return None


def forbidden_ops(forbid: list[str]) -> dict[str, str]:
    """Each aten op (by name, `aten.mm.default`) a forbidden callable reaches, with the first rule
    that reaches it. Runs torch's own callables only, so the grader derives it once per exercise
    and sends it with the job."""
    out: dict[str, str] = {}
    for rule in forbid:
        fn = _target(rule)
        if fn is not None and not getattr(fn, "__dlprep_forbidden__", False):
            for op in sorted(map(str, aten_ops(fn))):
                out.setdefault(op, rule)
    return out


def _op(name: str) -> Any:
    """`aten.mm.default` -> torch.ops.aten.mm.default (None when this torch has no such op)."""
    try:
        ns, packet, overload = name.split(".")
        return getattr(getattr(getattr(torch.ops, ns), packet), overload)
    except (ValueError, AttributeError, RuntimeError):
        return None


def install(forbid: list[str], filename: str, ops: dict[str, str] | None = None) -> None:
    """Wrap every forbidden callable in this (the submission's) process, and watch the aten ops
    in `ops` (name -> rule, see `forbidden_ops`); call before user code loads."""
    for rule in forbid:
        if rule == "@":
            for dunder in _MATMUL_DUNDERS:
                _install_one(torch.Tensor, dunder, "@", filename)
        elif rule.startswith("."):
            for owner in (torch.Tensor, torch.nn.Module):
                _install_one(owner, rule[1:], rule, filename)
        else:
            where = _resolve(rule)
            if where is not None:
                _install_one(where[0], where[1], rule, filename)
    watched = {op: rule for name, rule in (ops or {}).items() if (op := _op(str(name))) is not None}
    if watched:
        _Watch(watched, filename).__enter__()  # type: ignore[no-untyped-call]  # never left: the run ends with it on
