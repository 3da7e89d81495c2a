"""The autograd family's `packed` probe: saved-tensor hooks that compress what autograd keeps.

The user's entry is a `torch.autograd.graph.saved_tensors_hooks` subclass built as `cls(params)`.
The probe wraps the object's own pack_hook/unpack_hook (what its `with` block pushes), runs one of
the small forwards below inside `with hooks:` and backpropagates, and reports per pack call what
autograd handed over (dtype, shape, whether it is a parameter's storage), the tensors the packed
object holds (values, and the bytes of their distinct storages), whether the original was still
alive after forward; per unpack what came back; and the output and gradients. The grader runs the
same probe on check.py's reference hooks and compares (the judge is `judge` below).

The forwards are fixed programs over plain tensors (no user code), so both sides save the same
tensors in the same order: linear layers (autograd saves `weight.t()`, a view of a parameter),
GELU/tanh/ReLU activations, a product with a parameter (saved itself), an embedding of more than
256 rows and max/gather over more than 256 columns (int64 indices saved: bfloat16 cannot hold them
exactly), float16 and bfloat16 activations (already 2 bytes: kept as they are, unpacked as such), and
`gamma[1:]`, a view of a parameter at a nonzero offset (its data_ptr() is not the parameter's; its storage is).
"""

from __future__ import annotations

import weakref
from collections.abc import Mapping
from typing import Any

import torch
from torch import nn
from torch.nn import functional as F

from dlprep.checkers.sandbox import harness

# Captured at import (before any submission exists).
_TENSOR = torch.Tensor
_HOOKS = torch.autograd.graph.saved_tensors_hooks
_clone = torch.Tensor.clone
_detach = torch.Tensor.detach
_grad = torch.autograd.grad
_Parameter = nn.Parameter
_ref = weakref.ref


def forward(model: str, p: Mapping[str, torch.Tensor], x: torch.Tensor, aux: torch.Tensor | None) -> torch.Tensor:
    """The case's forward (trusted, identical on both sides)."""
    if model == "mlp":
        h = F.gelu(F.linear(x, p["w1"], p["b1"]))
        return torch.tanh(F.linear(h, p["w2"], p["b2"]) * p["gamma"][1:])
    if model == "embedding":  # x: int64 indices into a table of 300+ rows
        h = F.embedding(x, p["table"])
        return F.relu(F.linear(h, p["w1"], p["b1"])) * p["gamma"][1:]
    if model == "gather":  # x: float rows of 300+ columns; aux: int64 column indices
        assert aux is not None
        top = x.max(dim=-1).values
        picked = torch.gather(x, 1, aux)
        return torch.tanh(F.linear(picked, p["w1"], p["b1"])) * top.unsqueeze(-1) * p["gamma"][1:]
    if model == "half":  # float16 and bfloat16 activations are saved next to float32/float64 ones
        h = F.linear(x, p["w1"], p["b1"])
        low, brain = h.to(torch.float16), (0.5 * h).to(torch.bfloat16)
        return ((low * low).to(x.dtype) + (brain * brain).to(x.dtype)).tanh() * p["gamma"][1:]
    raise ValueError(model)


def _tensors_in(obj: Any, depth: int = 0) -> list[torch.Tensor] | None:
    """The tensors a packed object holds, through tuples, lists and dicts; None where it holds
    something else that could hide a tensor (an object, a closure)."""
    if isinstance(obj, _TENSOR):
        return [obj]
    if obj is None or isinstance(obj, bool | int | float | str | torch.dtype | torch.device | torch.Size):
        return []
    # a namedtuple or OrderedDict counts; a subclass holding attributes could hide the original there
    plain = not getattr(obj, "__dict__", None)
    if depth < 4 and isinstance(obj, tuple | list) and plain:
        out: list[torch.Tensor] = []
        for item in obj:
            got = _tensors_in(item, depth + 1)
            if got is None:
                return None
            out += got
        return out
    if depth < 4 and isinstance(obj, dict) and plain:
        return _tensors_in(list(obj.values()), depth + 1)
    return None


def _bytes_held(tensors: list[torch.Tensor]) -> int:
    seen: dict[int, int] = {}
    for t in tensors:
        s = t.untyped_storage()
        seen[s.data_ptr()] = s.nbytes()
    return sum(seen.values())


def packed_probe(cls: Any, case: dict[str, Any], job: dict[str, Any]) -> dict[str, Any]:
    dtype = getattr(torch, case["dtype"])
    params = {k: _Parameter(_clone(v).to(dtype)) for k, v in case["weights"].items()}
    param_storages = {p.untyped_storage().data_ptr() for p in params.values()}
    # the prompt lets params be any iterable: a generator (model.parameters()) can be read only once
    hooks = cls(iter(list(params.values())) if case.get("params_as") == "generator" else list(params.values()))
    if not isinstance(hooks, _HOOKS):
        return {"not_hooks": type(hooks).__name__}
    x = _clone(case["x"])
    if x.is_floating_point():
        x = x.to(dtype)
        if case.get("transposed"):  # the same values, reaching the forward as a transposed view
            x = _clone(x.t()).t()
        if case.get("x_grad"):
            x.requires_grad_()
    user_pack, user_unpack = hooks.pack_hook, hooks.unpack_hook
    packs: list[dict[str, Any]] = []
    alive: list[Any] = []  # weak references to what autograd handed to pack
    unpacks: dict[int, Any] = {}

    def pack(t: torch.Tensor) -> Any:
        token = len(packs)
        packed = user_pack(t)
        held = _tensors_in(packed)
        rec: dict[str, Any] = {"dtype": str(t.dtype).removeprefix("torch."), "shape": list(t.shape),
                               "param": t.untyped_storage().data_ptr() in param_storages}
        if held is None:
            rec["opaque"] = type(packed).__name__
        else:
            rec["bytes"] = _bytes_held(held)
            rec["holds_original"] = any(h.untyped_storage().data_ptr() == t.untyped_storage().data_ptr()
                                        for h in held)
            big = max(held, key=lambda h: h.numel(), default=None)
            rec["tensor"] = None if big is None else _clone(_detach(big))
        packs.append(rec)
        alive.append(_ref(t))
        return ("dlprep-packed", token, packed)

    def unpack(wrapped: Any) -> Any:
        _, token, packed = wrapped
        out = user_unpack(packed)
        unpacks[token] = _clone(_detach(out)) if isinstance(out, _TENSOR) else type(out).__name__
        return out

    hooks.pack_hook, hooks.unpack_hook = pack, unpack
    aux = case.get("aux")
    with hooks:
        out = forward(case["model"], params, x, None if aux is None else _clone(aux))
    # no gc.collect(): the forward makes no reference cycles, so refcounting has freed every
    # original nothing else holds (a full collection costs ~0.5 s a case on a loaded machine)
    kept = {id(x), id(out), *(id(p) for p in params.values())}
    still = [r() is not None and id(r()) not in kept for r in alive]
    counted = getattr(hooks, "packed_bytes", None)
    leaves = [*params.values(), *([x] if x.requires_grad else [])]
    facts: dict[str, Any] = {}
    grads: tuple[torch.Tensor | None, ...]
    try:
        grads = _grad(out, leaves, _clone(case["grad_out"]).to(out.dtype), allow_unused=True)
    except Exception as e:  # a wrong unpack breaks the backward formulas: judged after the unpacks it returned
        facts["backward_error"] = harness.error_info(e, job.get("filename", ""))
        grads = (None,) * len(leaves)
    return {**facts, "out": harness.describe(_detach(out)), "packs": packs, "alive": still,
            "unpacks": [unpacks.get(i, "never") for i in range(len(packs))],
            "packed_bytes": counted if isinstance(counted, int) and not isinstance(counted, bool)
            else type(counted).__name__,
            "grads": [harness.describe(g) for g in grads], "leaves": [*params, *(["x"] if x.requires_grad else [])]}


# ---------------------------------------------------------------------------- grader side

def _compressed(rec: dict[str, Any]) -> bool:
    """Whether the reference compressed this pack call (a float32/float64 tensor, not a parameter's)."""
    t = rec["tensor"]
    return t is not None and t.dtype == torch.bfloat16 and rec["dtype"] in ("float32", "float64")


def _what(rec: dict[str, Any]) -> str:
    kind = "a parameter's storage" if rec["param"] else f"{rec['dtype']} {rec['shape']}"
    return kind if not rec["param"] else f"{rec['dtype']} {rec['shape']}, {kind}"


def judge(fam: Any, case: Any, fact: dict[str, Any], want: dict[str, Any]) -> tuple[str | None, dict[str, Any]]:
    """(the first problem, or None; details). Values (outputs, packed tensors, bytes, unpacked
    tensors, gradients) are compared with the reference hooks' run; what only the submission's
    process saw (the original still alive after forward) goes to fam.observe."""
    from dlprep.checkers.compare import compare_described, compare_tensor  # grader side only

    rtol, atol = fam.tolerances()
    if "not_hooks" in fact:
        return (f"{fam.ex.question.entry}(params) made a {fact['not_hooks']}, expected a subclass of "
                "torch.autograd.graph.saved_tensors_hooks"), {}
    c = compare_described(fact["out"], want["out"], rtol, atol, where="the forward's output")
    if not c.ok:
        return (f"{c.message} (the hooks must not change the forward: pack may only read the tensor it is given)",
                c.details)
    packs, wpacks = fact["packs"], want["packs"]
    if len(packs) != len(wpacks):
        return (f"pack ran {len(packs)} times during forward, expected {len(wpacks)} (once per tensor autograd "
                "saves): did the `with` block push this object's own pack_hook and unpack_hook?"), {}
    total_want = sum(w["bytes"] for w in wpacks)
    for k, (got, exp) in enumerate(zip(packs, wpacks, strict=True)):
        what = f"saved tensor #{k} ({_what(exp)})"
        if "opaque" in got:
            return (f"{what}: pack returned a {got['opaque']}; return a tensor or a tuple/list/dict of tensors "
                    "and plain values (dtype, shape, device) so that the bytes it holds can be counted"), {}
        if got["bytes"] != exp["bytes"]:
            compress = _compressed(exp)
            why = (f"a float32/float64 activation must be held as one bfloat16 copy ({exp['bytes']} bytes)"
                   if compress else "parameters, integer tensors and float16/bfloat16 tensors are kept as they are "
                                    f"(the packed object holds the tensor itself, {exp['bytes']} bytes of storage)")
            extra = " and it still holds the original" if got.get("holds_original") and compress else ""
            return f"{what}: the packed object holds {got['bytes']} bytes{extra}; {why}", {}
        g, e = got["tensor"], exp["tensor"]
        if (g is None) != (e is None) or (e is not None and not (g.dtype == e.dtype and g.shape == e.shape and
                                                                 bool(compare_tensor(g, e, 0.0, 0.0).ok))):
            if g is not None and e is not None and g.dtype == e.dtype and g.shape == e.shape:
                return (f"{what}: the packed {str(g.dtype).removeprefix('torch.')} tensor holds other values than "
                        + ("t.to(torch.bfloat16) of this very tensor" if _compressed(exp) else "the tensor")
                        + " (a copy made for another tensor, or rounded differently?)"), {}
            return (f"{what}: the packed tensor is {'nothing' if g is None else f'{g.dtype} {list(g.shape)}'}, "
                    f"expected {e.dtype} {list(e.shape)}"
                    + (" equal to t.to(torch.bfloat16)" if _compressed(exp) else " (the tensor itself)")), {}
        if exp["param"] is False and got.get("holds_original") is True and not exp.get("holds_original"):
            fam.observe(case, f"{what}: the packed object shares storage with the original tensor")
    if fact["packed_bytes"] != want["packed_bytes"]:
        return (f"hooks.packed_bytes is {fact['packed_bytes']!r} after forward, expected {want['packed_bytes']} "
                "(the bytes of the bfloat16 copies pack made, one per compressed call)"), {}
    for k, (got, exp) in enumerate(zip(fact["unpacks"], want["unpacks"], strict=True)):
        what = f"saved tensor #{k} ({_what(wpacks[k])})"
        if isinstance(exp, str):
            continue  # backward did not need it
        if got == "never" and "backward_error" in fact:
            continue  # backward stopped before it needed this one
        if not isinstance(got, torch.Tensor):
            return f"{what}: unpack returned {got}, expected a tensor", {}
        if got.dtype != exp.dtype or got.shape != exp.shape or got.device != exp.device:
            return (f"{what}: unpack returned {str(got.dtype).removeprefix('torch.')} {list(got.shape)} on "
                    f"{got.device}, expected {str(exp.dtype).removeprefix('torch.')} {list(exp.shape)} on "
                    f"{exp.device}: unpack restores the saved tensor's dtype, shape and device"), {}
        if not compare_tensor(got, exp, 0.0, 0.0).ok:
            return (f"{what}: unpack returned values other than the bfloat16-rounded ones "
                    f"(t.to(torch.bfloat16).to({str(exp.dtype).removeprefix('torch.')}))"
                    if _compressed(wpacks[k]) else
                    f"{what}: unpack returned values other than the tensor's own"), {}
    if "backward_error" in fact:
        err = fact["backward_error"]
        return f"backward through the hooked graph raised {err['type']}: {err['message']}", {}
    for name, got, exp in zip(want["leaves"], fact["grads"], want["grads"], strict=True):
        c = compare_described(got, exp, rtol, atol, where=f"{name}.grad")
        if not c.ok:
            return c.message or f"{name}.grad differs", c.details
    for k, (mine, theirs) in enumerate(zip(fact["alive"], want["alive"], strict=True)):
        if mine and not theirs:
            fam.observe(case, f"saved tensor #{k} ({_what(wpacks[k])}) was still alive after forward: something "
                              "besides the packed object keeps the original, so no memory is freed")
            break
    return None, {"packed_bytes": want["packed_bytes"], "bytes_held": total_want}
