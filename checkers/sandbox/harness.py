"""Child-side helpers: load the user's file, describe what it returned as plain data.

Runs inside the sandbox next to the user's code, so it only *collects*: every judgement happens
in the grader. `describe` turns results into plain dicts/lists/tensors that `wire` can carry back
and the grader can decode without running code; anything else is reported by type name only.
"""

from __future__ import annotations

import linecache
import os
import random
import sys
import threading
import traceback
import types
from typing import Any

import torch

from dlprep.checkers.sandbox import enforce, wire

# Captured at import, before any user code runs, so a submission patching torch cannot fool us.
_TENSOR = torch.Tensor
_dumps, _loads = wire.dumps, wire.loads
_clone = torch.Tensor.clone
_storage_ptr = torch.Tensor.untyped_storage


_HARNESS_PID = os.getpid()  # re-read in the child by `started()`


def started() -> None:
    """Remember which process is the run's own (call before any user code)."""
    global _HARNESS_PID
    _HARNESS_PID = os.getpid()


def stop_if_forked() -> None:
    """A process the user's code forked must never report a result: only the run's own may."""
    if os.getpid() != _HARNESS_PID:
        os._exit(0)


class UserCodeError(Exception):
    def __init__(self, info: dict[str, Any]):
        super().__init__(info["message"])
        self.info = info


def error_info(e: BaseException, filename: str) -> dict[str, Any]:
    """Type, message and the line of the user's file where it happened (last frame in that file)."""
    line = getattr(e, "lineno", None) if isinstance(e, SyntaxError) else None
    if line is None:
        for frame in traceback.extract_tb(e.__traceback__):
            if frame.filename == filename:
                line = frame.lineno
    msg = str(e) if not isinstance(e, SyntaxError) else (e.msg or "invalid syntax")
    if isinstance(e, SystemExit):
        msg = f"the solution called sys.exit({e.code!r})"
    return {"type": type(e).__name__, "message": msg[:500], "line": line,
            "notimpl": isinstance(e, NotImplementedError),
            # the classes it is an instance of: graphlib's CycleError is a ValueError
            "bases": [c.__name__ for c in type(e).__mro__][:12]}


def load_user_module(source: str, filename: str) -> types.ModuleType:
    # The source never exists as a file in the sandbox; linecache lets tracebacks show its lines
    # and lets inspect.getsource work (compiled @triton.jit reads its kernel's source that way).
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    try:
        code = compile(source, filename, "exec")
    except SyntaxError as e:
        raise UserCodeError(error_info(e, filename)) from None
    mod = types.ModuleType("solution")
    mod.__file__ = filename
    sys.modules["solution"] = mod
    try:
        exec(code, mod.__dict__)
    except BaseException as e:  # SystemExit and KeyboardInterrupt included: all are the user's
        raise UserCodeError(error_info(e, filename)) from None
    return mod


def entry_point(mod: types.ModuleType, name: str) -> Any:
    fn = getattr(mod, name, None)
    if fn is None or not callable(fn):
        raise UserCodeError({"type": "AttributeError", "message": f"the solution does not define {name}()",
                             "line": None, "notimpl": False})
    return fn


def load_solution(job: dict[str, Any]) -> tuple[types.ModuleType | None, Any, bytes | None]:
    """The user's module and its entry point; when loading fails, instead the result the child
    must return (a load error naming the line). Every family's child harness starts with this."""
    try:
        if job.get("forbid"):  # before the user's file runs: its first line may already call one
            enforce.install(list(job["forbid"]), job["filename"], dict(job.get("forbid_ops") or {}))
        mod = load_user_module(job["source"], job["filename"])
        return mod, entry_point(mod, job["entry"]), None
    except UserCodeError as e:
        return None, None, dump({"load_error": e.info, **run_facts()})
    finally:
        stop_if_forked()


def storage_ptr(t: torch.Tensor) -> int:
    return int(_storage_ptr(t).data_ptr())


def seed_all(seed: int) -> None:
    """Python's, NumPy's (when installed) and torch's global random state, from one seed."""
    random.seed(seed)
    try:
        import numpy as np

        np.random.seed(seed)
    except ImportError:
        pass
    torch.manual_seed(seed)


def storage_ptrs(args: tuple[Any, ...] | list[Any]) -> list[int]:
    """Each argument's storage address (0 for a non-tensor or an empty one), for `describe`'s `shares`."""
    return [storage_ptr(a) if isinstance(a, torch.Tensor) and a.numel() else 0 for a in args]


_no_torch_function = torch._C.DisableTorchFunctionSubclass
_TENSOR_DISPATCH = torch.Tensor.__torch_dispatch__


def _plain_subclass(t: type) -> bool:
    return issubclass(t, _TENSOR) and getattr(t, "__torch_dispatch__", None) is _TENSOR_DISPATCH


def describe(obj: Any, input_ptrs: list[int] | None = None, depth: int = 0) -> dict[str, Any]:
    """Plain-data description of a returned value: exact types, and tensor subclasses that keep
    torch's own dispatch (no wrapper subclasses, no lazies)."""
    if depth > 20:
        return {"kind": "object", "type": "nested too deeply"}
    t = type(obj)
    if t is _TENSOR or _plain_subclass(t):
        # A subclass that keeps torch's own dispatch (nn.Parameter, a subclass adding methods) holds
        # real data: read it with torch-function overrides off. A prompt that asks for a tensor
        # accepts one; a wrapper subclass (its own __torch_dispatch__) stays an opaque object.
        with _no_torch_function():
            ptr = storage_ptr(obj) if obj.numel() else 0
            out = {
                "kind": "tensor", "value": _clone(obj.detach()).cpu(), "shape": list(obj.shape),
                "stride": list(obj.stride()), "offset": int(obj.storage_offset()),
                "contiguous": bool(obj.is_contiguous()), "dtype": str(obj.dtype),
                "shares": [i for i, p in enumerate(input_ptrs or []) if ptr and p == ptr],
                "requires_grad": bool(obj.requires_grad), "device": str(obj.device),
                "grad_fn": type(obj.grad_fn).__name__ if obj.grad_fn is not None else None,
            }
        if t is not _TENSOR:
            out["subclass"] = f"{t.__module__}.{t.__qualname__}"
        return out
    if t in (bool, int, float, str) or obj is None:
        return {"kind": "scalar", "type": t.__name__, "value": obj}
    if t is torch.Size:
        return {"kind": "seq", "type": "Size", "items": [describe(x, input_ptrs, depth + 1) for x in obj]}
    # A subclass of tuple, list or dict (a namedtuple, an OrderedDict) is what a prompt asking for a
    # tuple, list or dict asks for: described as its base, read through the base's own methods (an
    # override of __iter__ or items cannot show other contents than it holds).
    if isinstance(obj, tuple):
        items = [describe(x, input_ptrs, depth + 1) for x in tuple.__iter__(obj)]
        return {"kind": "seq", "type": "tuple", "items": items}
    if isinstance(obj, list):
        items = [describe(x, input_ptrs, depth + 1) for x in list.__iter__(obj)]
        return {"kind": "seq", "type": "list", "items": items}
    if isinstance(obj, dict) and all(type(k) is str for k in dict.keys(obj)):
        return {"kind": "dict", "items": {k: describe(v, input_ptrs, depth + 1) for k, v in dict.items(obj)}}
    if t is torch.dtype:
        return {"kind": "scalar", "type": "dtype", "value": str(obj)}
    return {"kind": "object", "type": f"{t.__module__}.{t.__qualname__}"}


def rehearse() -> None:
    """The harness's common path once, on trusted data, in a spare before its job arrives. A run is a
    fork of a process that holds torch: every page it first writes (a reference count, an allocator
    arena) is copied then, and each grading paid ~4 ms of such copies on this path alone.
    Paid here, while the spare waits, they cost no grading anything. It draws from no random stream
    (zeros only; the streams are read, not advanced) and leaves no module, file, hook or thread
    behind."""
    from dlprep.checkers.sandbox import global_rng

    x = torch.zeros(2, 2)
    rng = global_rng.snapshot()
    fact = {"out": describe(x, storage_ptrs([x])), "again": describe((x, 1, 0.5, "s", None)),
            "after": [_clone(x.detach().cpu())], "global_rng_changed": global_rng.changed(rng)}
    exec(compile("def solve(x):\n    return x\n", "<rehearsal>", "exec"), {})
    load(dump({"cases": [fact], **run_facts()}))


def _library_monitor(t: threading.Thread) -> bool:
    """tqdm's progress-bar monitor: torch.fx's Interpreter makes a (disabled) tqdm bar on every run
    when tqdm is installed, and tqdm starts this daemon thread for any bar. It is not the user's."""
    monitor = getattr(sys.modules.get("tqdm._monitor"), "TMonitor", None)
    return monitor is not None and type(t) is monitor and t.daemon


def run_facts() -> dict[str, Any]:
    """What the user's code left behind: live Python threads and other processes; and the
    forbidden calls it made at run time (see enforce.py)."""
    threads = [t.name for t in threading.enumerate() if t is not threading.main_thread() and not _library_monitor(t)]
    procs = 0
    if os.getpid() == 1:  # in our own pid namespace /proc lists only this run's processes
        procs = sum(1 for e in os.listdir("/proc") if e.isdigit() and e != "1")
    return {"threads": threads, "processes": procs, "rule_hits": enforce.hits()}


def dump(obj: Any) -> bytes:
    return _dumps(obj)


def load(data: bytes) -> Any:
    """The grader's payload (or a file a harness wrote), decoded without running code."""
    return _loads(data)
