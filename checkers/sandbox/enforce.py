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
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import types
from typing import Any

import torch

from dlprep.checkers.rules import ALIASES

_HITS: list[tuple[int, str]] = []
_getframe = sys._getframe
_isabs = os.path.isabs
_MATMUL_DUNDERS = ("__matmul__", "__rmatmul__", "__imatmul__")


def hits() -> list[list[Any]]:
    """(line, rule) of every forbidden call seen, first occurrence of each pair, in order."""
    seen: set[tuple[int, str]] = set()
    out: list[list[Any]] = []
    for h in _HITS:
        if h not in seen:
            seen.add(h)
            out.append([h[0], h[1]])
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
            _HITS.append((line, rule))
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



def install(forbid: list[str], filename: str) -> None:
    """Wrap every forbidden callable in this (the submission's) process; call before user code loads."""
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
