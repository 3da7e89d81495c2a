"""Comparing what a submission returned with what the oracle returned, in the grader.

Tensors: exact shape and dtype (no broadcasting), NaN/inf at the same places, then an
element-wise |a - e| <= atol + rtol*|e| *and* a relative-norm criterion ||a - e|| / ||e|| <= rtol,
so an all-zeros output can never pass for small-valued expected outputs. Elements whose expected
value and error are both below atol/100 are left out of that norm (a per-element absolute floor).

A reduction's rounding error scales with its terms, not its result: a float32 dot product of 1025
terms whose sum cancels to 0.02 is off by 1e-5 in any order of summation, torch's own included. An
exercise whose outputs are sums gives `scale` (e.g. |a| @ |b|, the sum of the terms' magnitudes),
and each element may then also be off by TERM_RTOL[dtype] times its scale: a few dozen units of
roundoff per unit of term magnitude, below what a half-precision or dropped-term answer misses by.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import torch

# (rtol, atol) per dtype; exercises may override either.
DEFAULT_TOL = {
    torch.float64: (1e-7, 1e-9),
    torch.float32: (1e-4, 1e-5),
    torch.float16: (1e-2, 1e-3),
    torch.bfloat16: (2e-2, 1e-2),
}
# Per dtype, how far a sum may be off per unit of its terms' magnitude, about 8 to 16 units of
# roundoff: float32 summation orders differ by at most ~2.5e-7 of |a| @ |b| at k = 1025 (measured
# over 12,000 dot products), half-precision accumulation of float32 data by ~1e-4 (its median).
TERM_RTOL = {
    torch.float64: 2e-15,
    torch.float32: 1e-6,
    torch.float16: 8e-3,
    torch.bfloat16: 6e-2,
}
MAX_MISMATCHES = 5
FLOOR_OF_ATOL = 1e-2  # below atol/100, an expected value and its error are left out of the relative norm


@dataclass
class Comparison:
    ok: bool
    message: str | None = None
    details: dict[str, Any] = field(default_factory=dict)


def _fmt(x: Any) -> Any:
    return x.item() if isinstance(x, torch.Tensor) else x


def compare_tensor(a: torch.Tensor, e: torch.Tensor, rtol: float | None = None,
                   atol: float | None = None, where: str = "output", explain_nonfinite: bool = True,
                   scale: torch.Tensor | None = None) -> Comparison:
    """`explain_nonfinite`: say that NaN/inf where the expected value is finite means an overflow
    (off where a family knows another likely cause and names both itself). `scale`: the magnitude
    of the terms each element sums (see the module's docstring), or None."""
    if tuple(a.shape) != tuple(e.shape):
        return Comparison(False, f"{where}: shape {tuple(a.shape)}, expected {tuple(e.shape)}")
    if a.dtype != e.dtype:
        return Comparison(False, f"{where}: dtype {a.dtype}, expected {e.dtype}")
    if a.numel() == 0:
        return Comparison(True)
    if not (e.is_floating_point() or e.is_complex()):
        bad = a != e
        return _mismatch_report(a, e, bad, where, {}) if bad.any() else Comparison(True)
    d_rtol, d_atol = DEFAULT_TOL.get(e.dtype, (1e-5, 1e-8))
    rtol = d_rtol if rtol is None else rtol
    atol = d_atol if atol is None else atol
    if torch.equal(a, e):  # the common case, decided at once (NaN != NaN: those take the long way)
        return Comparison(True, None, {"max_abs_err": 0.0, "max_rel_err": 0.0, "rel_norm_err": 0.0,
                                       "rtol": rtol, "atol": atol})
    a64, e64 = a.to(torch.complex128 if e.is_complex() else torch.float64), \
        e.to(torch.complex128 if e.is_complex() else torch.float64)
    nan_bad = torch.isnan(a64) != torch.isnan(e64)
    inf_bad = (torch.isinf(a64) | torch.isinf(e64)) & (a64 != e64) & ~torch.isnan(a64) & ~torch.isnan(e64)
    finite = torch.isfinite(a64) & torch.isfinite(e64)
    diff = torch.where(finite, (a64 - e64).abs(), torch.zeros((), dtype=torch.float64))
    size = e64.abs()
    if scale is not None and rtol > 0 and tuple(scale.shape) == tuple(e.shape):
        # an element's magnitude, for the tolerance, is that of its terms where they cancel
        size = torch.maximum(size, scale.to(torch.float64).abs() * (TERM_RTOL.get(e.dtype, 0.0) / rtol))
    tol = atol + rtol * torch.where(finite, size, torch.zeros((), dtype=torch.float64))
    bad = nan_bad | inf_bad | (diff > tol)
    rel = (diff / e64.abs().clamp_min(1e-30))[finite]
    # An element whose expected value and error are both far below atol (a gradient of 1e-9 that
    # rounds to 0 in float32) is within the stated accuracy: it stays out of the relative norm,
    # which otherwise fails a tensor made only of such values.
    floor = atol * FLOOR_OF_ATOL
    counted = finite & ~((e64.abs() <= floor) & (diff <= floor))
    e_norm = float(torch.linalg.vector_norm(torch.where(counted, size, 0)))
    rel_norm = float(torch.linalg.vector_norm(torch.where(counted, diff, 0))) / e_norm if e_norm > 0 else 0.0
    details = {"max_abs_err": float(diff.max()), "max_rel_err": float(rel.max()) if rel.numel() else 0.0,
               "rel_norm_err": rel_norm, "rtol": rtol, "atol": atol}
    if bad.any():
        return _mismatch_report(a, e, bad, where, details, explain_nonfinite)
    if rel_norm > rtol:
        return Comparison(False, f"{where}: relative error {rel_norm:.3g} over the whole tensor exceeds rtol {rtol:g}",
                          details)
    return Comparison(True, None, details)


def _mismatch_report(a: torch.Tensor, e: torch.Tensor, bad: torch.Tensor, where: str,
                     details: dict[str, Any], explain_nonfinite: bool = False) -> Comparison:
    idx = bad.nonzero()[:MAX_MISMATCHES]
    mism = [{"index": [int(i) for i in ix], "yours": _fmt(a[tuple(ix)]), "expected": _fmt(e[tuple(ix)])}
            for ix in idx]
    n = int(bad.sum())
    first = mism[0]
    why = ""
    if explain_nonfinite and (a.is_floating_point() or a.is_complex()):
        blown = int((bad & ~torch.isfinite(a) & torch.isfinite(e)).sum())
        if blown:  # the commonest cause by far, and one a value diff alone does not suggest
            why = (f" ({blown} of them NaN or inf where the expected value is finite: an overflow, e.g. exp() of "
                   "a large input or a product past the dtype's range, or a division by zero)")
    return Comparison(
        False,
        f"{where}: {n} of {e.numel()} elements differ; first at {tuple(first['index'])}: "
        f"yours {first['yours']!r}, expected {first['expected']!r}{why}",
        {**details, "mismatches": mism, "mismatch_count": n},
    )


def compare_described(a: dict[str, Any], e: dict[str, Any], rtol: float | None, atol: float | None,
                      properties: tuple[str, ...] = (), where: str = "output",
                      scale: torch.Tensor | dict[str, Any] | None = None) -> Comparison:
    """Compare two `harness.describe` trees; `properties` adds tensor facts that must match too;
    `scale` (see compare_tensor) is a tensor for a tensor result, or a describe tree shaped like
    `e` whose tensors are the scales of the matching results (a model's tuple of outputs)."""
    if a["kind"] == "object":
        return Comparison(False, f"{where}: returned a {a['type']}, which is not allowed here "
                                 "(return plain tensors, numbers, tuples or lists)")
    if a["kind"] != e["kind"] or a.get("type") != e.get("type"):
        want = e.get("type") if e["kind"] != "tensor" else "torch.Tensor"
        got = a.get("type") if a["kind"] != "tensor" else "torch.Tensor"
        return Comparison(False, f"{where}: returned {got}, expected {want}")
    if a["kind"] == "tensor":
        if isinstance(scale, dict):
            scale = scale.get("value")
        c = compare_tensor(a["value"], e["value"], rtol, atol, where, scale=scale)
        if not c.ok:
            return c
        for prop in properties:
            if _fact(a, prop) != _fact(e, prop):
                return Comparison(False, f"{where}: {_PROP_NAMES[prop]} is {a[prop]}, expected {e[prop]}",
                                  c.details)
        return c
    if a["kind"] == "scalar":
        av, ev = a["value"], e["value"]
        if isinstance(ev, float) and isinstance(av, float):
            r = 1e-7 if rtol is None else rtol
            ok = av == ev or abs(av - ev) <= (atol or 0.0) + r * abs(ev)
        else:
            ok = av == ev
        return Comparison(ok, None if ok else f"{where}: {av!r}, expected {ev!r}")
    if a["kind"] == "seq":
        if len(a["items"]) != len(e["items"]):
            return Comparison(False, f"{where}: {len(a['items'])} items, expected {len(e['items'])}")
        items = zip(a["items"], e["items"], strict=True)
        for i, (ai, ei) in enumerate(items):
            c = compare_described(ai, ei, rtol, atol, properties, f"{where}[{i}]", _part(scale, i))
            if not c.ok:
                return c
        return Comparison(True)
    if set(a["items"]) != set(e["items"]):
        return Comparison(False, f"{where}: keys {sorted(a['items'])}, expected {sorted(e['items'])}")
    for k in e["items"]:
        c = compare_described(a["items"][k], e["items"][k], rtol, atol, properties, f"{where}[{k!r}]",
                              _part(scale, k))
        if not c.ok:
            return c
    return Comparison(True)


def _part(scale: torch.Tensor | dict[str, Any] | None, key: Any) -> dict[str, Any] | None:
    """The scale of one item of a sequence or dict result, where the scale is a tree of its own."""
    if not isinstance(scale, dict) or scale.get("kind") not in ("seq", "dict"):
        return None
    items = scale["items"]
    try:
        part = items[key]
    except (IndexError, KeyError, TypeError):
        return None
    return part if isinstance(part, dict) else None


def _fact(t: dict[str, Any], prop: str) -> Any:
    if prop == "stride":  # a size-1 dim is never stepped over: its stride means nothing
        return [st for st, n in zip(t["stride"], t["shape"], strict=True) if n != 1]
    return t[prop]


_PROP_NAMES = {"stride": "stride", "offset": "storage_offset", "contiguous": "is_contiguous()",
               "shares": "the inputs whose storage it shares", "requires_grad": "requires_grad",
               "grad_fn": "grad_fn"}
