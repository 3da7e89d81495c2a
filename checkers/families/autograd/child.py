"""Child side of the autograd family: run the user's code through one probe, collect raw facts.

A probe takes the user's entry (a function or a class), one case as plain data and the job, and
returns plain data: what came out, the gradients, how many tensors autograd saved, whether
gradcheck passed. Nothing is judged here. The `saved` and `tensor` probes are run by the grader
too, on the exercise's trusted oracle, so that both sides are measured the same way.

Everything torch-side that a probe relies on is captured at import (the warm worker imports this
module before any user code exists), so a submission that patches `torch.autograd.gradcheck` or
the saved-tensor hooks only changes its own copy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import torch
from torch.autograd.gradcheck import GradcheckError
from torch.utils._python_dispatch import TorchDispatchMode

from dlprep.checkers.families.autograd import saved_hooks
from dlprep.checkers.families.autograd.expr_graph import BINARY
from dlprep.checkers.sandbox import harness

_TENSOR = torch.Tensor
_FUNCTION = torch.autograd.Function
_gradcheck = torch.autograd.gradcheck
_saved_tensors_hooks = torch.autograd.graph.saved_tensors_hooks
_grad = torch.autograd.grad
_backward = torch.autograd.backward
_clone = torch.Tensor.clone
_detach = torch.Tensor.detach
_requires_grad_ = torch.Tensor.requires_grad_
_torch_equal = torch.equal
_nan_to_num = torch.nan_to_num
_set = torch.Tensor.set_
_empty = torch.empty

# How an expression op is applied to the user's objects: operators and methods, exactly as the
# exercise's spec lists them (`c * v` exercises __rmul__).
APPLY: dict[str, Callable[[Any, Any], Any]] = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "addc": lambda a, c: a + c, "rmulc": lambda a, c: c * a, "powc": lambda a, c: a ** c,
    "neg": lambda a, _: -a, "exp": lambda a, _: a.exp(), "log": lambda a, _: a.log(),
    "tanh": lambda a, _: a.tanh(), "relu": lambda a, _: a.relu(), "sin": lambda a, _: a.sin(),
    "cos": lambda a, _: a.cos(),
}
# Applied to a leaf before the user sees it, so the user's input has a real graph behind it.
THROUGH: dict[str, Callable[[torch.Tensor], torch.Tensor]] = {"softmax": lambda t: t.softmax(-1)}


def _same_layout(t: torch.Tensor) -> torch.Tensor:
    """A private copy with t's very layout (storage size, offset, strides): a transposed, stepped,
    offset or expanded input reaches the user's code as it would from a caller, where clone()
    would hand it a contiguous one."""
    return _set(_empty(0, dtype=t.dtype), t.untyped_storage().clone(), t.storage_offset(), t.size(), t.stride())


def _fresh(a: Any) -> Any:
    """A private copy of a wire value: tensors copied with their layout (lists element by element)."""
    if type(a) is _TENSOR:
        return _same_layout(a)
    if type(a) is list:
        return [_fresh(x) for x in a]
    return a


def _tensors(args: list[Any]) -> list[torch.Tensor]:
    """Floating-point tensors among the arguments, lists one level deep included, in order."""
    out = []
    for a in args:
        for t in a if type(a) is list else [a]:
            if type(t) is _TENSOR and t.is_floating_point():
                out.append(t)
    return out


def _number(x: Any) -> float | str:
    """A plain number as float; anything else (a tensor, None, an object) by its type's name."""
    if isinstance(x, int | float) and not isinstance(x, bool):
        return float(x)
    return type(x).__name__


def flatten(obj: Any, path: str = "") -> list[tuple[str, torch.Tensor]]:
    """(path, tensor) for every plain tensor in a returned value: `['key']`, `[0]`, or ``."""
    if type(obj) is _TENSOR:
        return [(path, obj)]
    if type(obj) in (list, tuple):
        return [p for i, x in enumerate(obj) for p in flatten(x, f"{path}[{i}]")]
    if type(obj) is dict:
        return [p for k in sorted(obj, key=str) for p in flatten(obj[k], f"{path}[{k!r}]")]
    return []


# ---------------------------------------------------------------------------------------- probes

def function_probe(fn: Any, case: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    """A custom autograd.Function: `apply` on x then backward with grad_out, or gradcheck."""
    x = _requires_grad_(_fresh(case["args"][0]))
    if case["kind"] == "gradcheck":
        try:
            ok = bool(_gradcheck(fn.apply, (x,), eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True))
            return {"gradcheck": {"ok": ok, "message": ""}}
        except GradcheckError as e:
            return {"gradcheck": {"ok": False, "message": " ".join(str(e).split())[:600]}}
    x_before = _clone(_detach(x))
    # torch ops the prompt rules out, however spelled (F.softplus, getattr, torch.ops.aten, a
    # module): seen at the dispatcher, where every spelling arrives as the same aten op
    forbid = set(job.get("trace_forbidden_ops", ()))
    trace = _OpTrace() if forbid else None
    if trace is not None:
        with trace:
            y = fn.apply(x)
    else:
        y = fn.apply(x)
    out = harness.describe(y)
    x_changed = not _equal(_detach(x), x_before)
    # save_for_backward is the contract for tensors: one kept as a ctx attribute skips the version
    # check (a later in-place write goes unnoticed) and outlives the graph (a reference cycle).
    on_ctx = sorted(k for k, v in _ctx_items(y) if _holds_tensor(v))
    grad = None
    grad_out_changed = False
    sent = None
    if type(y) is _TENSOR and y.requires_grad:
        grad_out = case["args"][1]
        sent = _fresh(grad_out)  # autograd hands this very buffer (and its layout) to backward
        if trace is not None:
            with trace:
                _backward(y, sent)
        else:
            _backward(y, sent)
        grad = harness.describe(x.grad)
        grad_out_changed = not _equal(sent, grad_out)
    # x and grad_output as they are after forward and backward: the grader compares them with what
    # it sent (a verified check; x_changed/grad_out_changed only say it in the messages' words)
    after = {"x": harness.describe(_clone(_detach(x))),
             "grad_output": None if sent is None else harness.describe(_clone(sent))}
    return {"out": out, "grad": grad, "x_changed": x_changed, "ctx_tensors": on_ctx,
            "grad_out_changed": grad_out_changed, "after": after, "stale": _stale_probe(fn, case),
            "forbidden": sorted(forbid.intersection(trace.ops)) if trace is not None else []}


STALE_ERROR = "modified by an inplace operation"


def _stale_probe(fn: Any, case: dict[str, Any]) -> dict[str, Any] | None:
    """Forward on a fresh x, then x moved in place (-x - 3: out of every window, another sigmoid),
    then backward. A tensor saved with save_for_backward makes autograd raise; one saved from the
    output, or copied, still gives the gradient at the original x; a tensor kept as a ctx attribute
    silently gives the gradient at the moved x, which the grader sees as a wrong value."""
    x0 = case["args"][0]
    if x0.numel() == 0:
        return None
    x = _requires_grad_(_clone(x0))  # contiguous: an in-place write into an expanded x would raise
    y = fn.apply(x)
    if type(y) is not _TENSOR or not y.requires_grad:
        return None
    with torch.no_grad():
        x.neg_().sub_(3)
    try:
        _backward(y, _clone(case["args"][1]))
    except RuntimeError as e:
        if STALE_ERROR in str(e):
            return {"raised": True}
        raise
    return {"grad": harness.describe(x.grad)}


def _equal(a: torch.Tensor, b: torch.Tensor) -> bool:
    return a.shape == b.shape and bool(_torch_equal(_nan_to_num(a), _nan_to_num(b)))


def _ctx_items(y: Any) -> list[tuple[str, Any]]:
    """The attributes the user's forward set on ctx (for a Function, y.grad_fn is the ctx)."""
    node = getattr(y, "grad_fn", None) if type(y) is _TENSOR else None
    try:
        return list(vars(node).items()) if node is not None else []
    except TypeError:  # a built-in node (not the Function's own): no user attributes
        return []


def _holds_tensor(v: Any) -> bool:
    if isinstance(v, _TENSOR):
        return True
    return type(v) in (list, tuple) and any(isinstance(t, _TENSOR) for t in v)


def expression_probe(cls: Any, case: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    """Build the expression with the user's scalar class; reverse mode calls backward() on it."""
    expr = case["args"][0]
    value_attr, deriv_attr = job["attrs"]
    if job["mode"] == "forward":
        nodes = [cls(x, t) for x, t in zip(expr["inputs"], expr["tangents"], strict=True)]
    else:
        nodes = [cls(x) for x in expr["inputs"]]
    for name, a, b in expr["ops"]:
        nodes.append(APPLY[name](nodes[a], nodes[b] if name in BINARY else b))
    if job["mode"] == "reverse":
        nodes[-1].backward()
    # Read from the last node back: a derivative computed lazily on first read would recurse the
    # whole depth of a deep chain here, as a user's first look at the output would.
    values = [_number(getattr(v, value_attr, None)) for v in reversed(nodes)]
    derivs = [_number(getattr(v, deriv_attr, None)) for v in reversed(nodes)]
    return {"values": values[::-1], "derivs": derivs[::-1]}


def saved_probe(fn: Any, case: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    """Every float tensor argument requires grad; count what autograd saves while fn runs forward,
    then backpropagate grad_out with torch.autograd.grad and collect each argument's gradient."""
    args = _fresh(case["args"])
    leaves = [_requires_grad_(t) for t in _tensors(args)]
    saved = 0

    def pack(t: torch.Tensor) -> torch.Tensor:
        nonlocal saved
        saved += 1
        return t

    with _saved_tensors_hooks(pack, lambda t: t):
        result = fn(*args)
    out = harness.describe(result)
    recompute = job.get("recompute_op")
    bursts = None
    grads: list[Any] = [None] * len(leaves)
    if type(result) is _TENSOR and result.requires_grad:
        # torch.autograd.grad, as the prompt states (a reentrant checkpoint only supports .backward())
        if recompute:
            with _OpTrace() as trace:
                grads = list(_grad(result, leaves, case["grad_out"], allow_unused=True))
            bursts = _bursts(trace.ops, recompute)
        else:
            grads = list(_grad(result, leaves, case["grad_out"], allow_unused=True))
    return {"out": out, "saved": saved, "grads": [harness.describe(g) for g in grads], "recomputes": bursts}


# What a recomputed forward runs besides its own op: products, views and copies. Any other op
# during backward is gradient work (tanh_backward, or the mul/sub of a chain rule written by hand).
_FORWARD_ALIKE = frozenset({"mm", "matmul", "bmm", "addmm", "t", "transpose", "view", "_unsafe_view", "reshape",
                            "expand", "detach", "alias", "clone", "_to_copy", "copy_", "empty_like", "slice",
                            "select", "unsqueeze", "squeeze", "as_strided", "contiguous", "lift_fresh"})


def _bursts(ops: list[str], op: str) -> int:
    """How many times backward went back to recomputing `op` (the forward's own op) after having
    started on gradients: one burst per checkpointed segment, recomputed just before its backward.
    A burst ends at the first op of gradient work, however the backward is written."""
    n, running = 0, False
    for name in ops:
        if name == op and not running:
            n, running = n + 1, True
        elif name != op and name not in _FORWARD_ALIKE:
            running = False
    return n


class _OpTrace(TorchDispatchMode):
    """The aten ops run while it is active, by name."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.ops: list[str] = []

    def __torch_dispatch__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None) -> Any:
        self.ops.append(func.overloadpacket.__name__)
        return func(*args, **(kwargs or {}))


def tensor_probe(fn: Any, case: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    """Call fn; describe what it returned (grad_fn, requires_grad, storage shared with the inputs),
    which leaves each returned tensor's gradient reaches, the inputs afterwards, and whether
    backpropagating through the inputs' own graph still works after the call."""
    args = _fresh(case["args"])
    leaves = []
    for i in case.get("grad_args", []):
        leaves.append(_requires_grad_(args[i]))
        if case.get("through"):
            args[i] = THROUGH[case["through"]](args[i])
    ptrs = [harness.storage_ptr(a) if type(a) is _TENSOR and a.numel() else 0 for a in args]
    # A graph that saved input 0 before the call: after an in-place write into the result named by
    # `write_into`, backward through it must notice (a view from detach() shares x's version
    # counter; one from x.data does not, and backward then silently uses the changed values).
    watch = (args[0] * args[0]).sum() if case.get("write_into") and type(args[0]) is _TENSOR else None
    result = fn(*args)
    out = harness.describe(result, ptrs)
    write_check = None
    if watch is not None:
        target = result.get(case["write_into"]) if type(result) is dict else None
        if type(target) is _TENSOR and not target.requires_grad:
            target.add_(1.0)
            try:
                _grad(watch, leaves, allow_unused=True)
                write_check = "silent"
            except RuntimeError:
                write_check = "raised"
            target.sub_(1.0)
    flows: dict[str, list[Any]] = {}
    for path, t in flatten(result):
        if t.requires_grad and leaves:
            grads = _grad(t.sum(), leaves, allow_unused=True, retain_graph=True)
            flows[path] = [harness.describe(g) for g in grads]
    after = [_clone(_detach(a)) if type(a) is _TENSOR else None for a in args]
    upstream: dict[str, Any] | None = None
    if case.get("upstream") is not None:
        try:
            total = sum((args[i] * case["upstream"]).sum() for i in case["grad_args"])
            upstream = {"grads": [harness.describe(g) for g in _grad(total, leaves)]}
        except Exception as e:
            upstream = {"error": harness.error_info(e, job.get("filename", ""))}
    return {"out": out, "flows": flows, "after": after, "upstream": upstream, "write_check": write_check,
            "aliases": _aliases(result)}


def _aliases(result: Any) -> list[list[str]]:
    """The pairs of returned tensors that share one storage (a copy must own its storage, also
    apart from the other results: a new leaf made from the snapshot is no copy of its own)."""
    ptrs = [(path, harness.storage_ptr(t)) for path, t in flatten(result) if t.numel()]
    return [[a, b] for i, (a, pa) in enumerate(ptrs) for b, pb in ptrs[i + 1:] if pa == pb]


def call_probe(fn: Any, case: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    """Plain call: what fn(*args, **kwargs) returned, described (the exercise's check.py judges it)."""
    return {"out": harness.describe(fn(*_fresh(case["args"]), **case["kwargs"]))}


PROBES: dict[str, Callable[[Any, dict[str, Any], dict[str, Any]], dict[str, Any]]] = {
    "function": function_probe, "expression": expression_probe, "saved": saved_probe,
    "tensor": tensor_probe, "call": call_probe,
    "packed": saved_hooks.packed_probe,  # saved-tensor hooks that compress activations (saved_hooks.py)
}


# The methods torch calls on the class itself (cls.forward(ctx, ...), cls.backward(ctx, ...)): the
# autograd.Function contract declares them static.
STATIC_METHODS = ("forward", "setup_context", "backward", "jvp", "vmap")


def _non_static(entry: type) -> list[str]:
    """The user-defined Function methods that are not @staticmethod (torch's own defaults skipped)."""
    out = []
    for name in STATIC_METHODS:
        for klass in entry.__mro__:
            if name in klass.__dict__:
                if not str(getattr(klass, "__module__", "")).startswith("torch") and \
                        not isinstance(klass.__dict__[name], staticmethod):
                    out.append(name)
                break
    return out


def _file_facts(entry: Any) -> dict[str, Any]:
    is_class = isinstance(entry, type)
    is_function = is_class and issubclass(entry, _FUNCTION)
    return {"is_class": is_class, "is_function": is_function,
            "name": getattr(entry, "__name__", None) if is_class else None,
            "non_static": _non_static(entry) if is_function else []}


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    data = harness.load(payload)
    _, entry, failed = harness.load_solution(job)
    if failed is not None:
        return failed
    probe = PROBES[job["probe"]]
    out = []
    for case in data["cases"]:
        try:
            out.append(probe(entry, case, job))
        except BaseException as e:  # the user's exception, whatever it is, is a fact of this case
            out.append({"error": harness.error_info(e, job["filename"])})
        harness.stop_if_forked()
    return harness.dump({"cases": out, "file": _file_facts(entry), **harness.run_facts()})
