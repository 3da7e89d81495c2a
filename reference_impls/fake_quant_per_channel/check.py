"""Trusted checker data for `fake_quant_per_channel` (imported by the grader only).

solve(x, scale, zero_point, axis, quant_min, quant_max, grad_y) -> (y, grad_x): y is
torch.fake_quantize_per_channel_affine's output, grad_x the gradient it gives x for an upstream
grad_y. The oracle runs torch's own op and its backward.

Threat list (how a candidate gets this wrong -> what kills it):
- rounding half away from zero (floor(v + 0.5), Python's round on a float is fine but int(v + 0.5)
  is not) -> values=ties: x exactly (k + 1/2) * scale for a power-of-two scale (wrong/round_half_up).
- integer codes held in int32 (zero_point's dtype): round(v) wraps for |v| >= 2^31 -> values=huge:
  half the elements with 2^31 <= |x / s| < 2^61.5 (float16: < 2^32) (torch itself casts to int64, which wraps past
  2^63, so the prompt bounds |x / scale| below 2^62) (wrong/int32_codes).
- x / scale instead of x * (1 / scale): equal except at a tie of a float64 x, where 1/scale rounded
  to float32 moves the float64 product off the half (a float32 product rounds back onto it)
  -> values=ties with scale 3 * 2^-j and dtype=float64 (public float64-ties) (mutants/divides_by_scale).
- the plain STE (x + (y - x).detach(): gradient 1 everywhere) -> values=saturating (wrong/ste_everywhere).
- the gradient mask taken from the clamped q or from y == x, or with the ends excluded
  -> values=saturating and ties at quant_min/quant_max (mutants/mask_excludes_ends, wrong/mask_from_clamped).
- zero_point subtracted before rounding with the wrong sign, or left out of the dequantisation
  -> zero_point=random, edge (mutants/zero_point_not_removed).
- scale broadcast along the wrong dim (always the last, or axis ignored for rank > 2)
  -> axis=first, middle on ranks 3 and 4 (wrong/scale_last_dim).
- float16/bfloat16 arithmetic in the input dtype (v = x * inv rounded to 11 or 8 bits lands on the
  wrong integer) -> dtype=float16, bfloat16 with values=normal over a range of hundreds of steps
  (wrong/half_precision_math).
- view() on non-contiguous x -> layout=transposed, stepped, expanded.
- calling the torch op (or its cachemask / learnable variants, or torch.quantize_per_channel and
  dequantize) -> config.forbid, enforced on the ops they compute too (wrong/learnable_op).
"""

import torch

from dlprep.checkers.base import Case

_DT = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16, "bfloat16": torch.bfloat16}
_RANGES = {"int8": (-128, 127), "uint8": (0, 255), "int4": (-8, 7)}


def oracle(x, scale, zero_point, axis, quant_min, quant_max, grad_y):
    x = x.detach().clone().requires_grad_(True)
    y = torch.fake_quantize_per_channel_affine(x, scale, zero_point, axis, quant_min, quant_max)
    y.backward(grad_y)
    return y.detach(), x.grad


def _scales(c, gen, ties):
    """Positive float32 scales. For ties: 2^-j (1/scale exact) and 3 * 2^-j (1/scale rounded), so
    both a true half and a half that 1/scale moves off are in the case."""
    j = torch.randint(2, 7, (c,), generator=gen).to(torch.float64)
    if ties:
        base = torch.where(torch.rand(c, generator=gen) < 0.5, 1.0, 3.0).to(torch.float64)
        return (base * 2.0 ** -j).to(torch.float32)
    return (0.005 + 0.2 * torch.rand(c, generator=gen, dtype=torch.float64)).to(torch.float32)


def _case(gen, *, dtype="float32", rank="2", axis="last", qrange="int8", zero_point="random", values="normal",
          layout="contiguous", size="small"):
    dt = _DT[dtype]
    nd = int(rank)
    ax = {"first": 0, "middle": nd // 2, "last": nd - 1}[axis]
    shape = [int(v) for v in torch.randint(2, 6, (nd,), generator=gen)]
    if nd <= 2:  # a few more elements per channel where the dims are few
        shape[(ax + 1) % nd] *= 4
    if size == "one_channel":
        shape[ax] = 1
    elif size == "empty":  # a zero-size dim beside the channel dim (torch raises on zero channels)
        shape[(ax + 1) % nd] = 0
    c = shape[ax]
    qmin, qmax = _RANGES[qrange]
    if zero_point == "zero":
        zp = torch.full((c,), max(qmin, 0), dtype=torch.int32)
    elif zero_point == "edge":  # at quant_min or quant_max: one side of the range is empty
        zp = torch.where(torch.rand(c, generator=gen) < 0.5, qmin, qmax).to(torch.int32)
    else:
        zp = torch.randint(qmin, qmax + 1, (c,), generator=gen, dtype=torch.int32)
    scale = _scales(c, gen, values == "ties")
    if values == "huge":
        # one power-of-two scale for every channel (1/s exact; layout=expanded copies x across
        # channels and must not move |x / s| past 2^62), large enough that a code clamped to the
        # wrong end moves y by more than atol; a float16 x (below 2^16) then reaches |v| < 2^32 only
        lo_e, hi_e = {"float64": (6, 40), "float32": (4, 16), "bfloat16": (2, 8), "float16": (16, 17)}[dtype]
        e = int(torch.randint(lo_e, hi_e, (), generator=gen))
        scale = torch.full((c,), 2.0 ** -e, dtype=torch.float32)
    # x as multiples of its channel's scale: v = x / scale, in steps of the quantised grid
    bshape = [1] * nd
    bshape[ax] = c
    s64 = scale.to(torch.float64).reshape(bshape)
    z64 = zp.to(torch.float64).reshape(bshape)
    lo, hi = qmin - z64, qmax - z64  # the v range that stays inside [quant_min, quant_max]
    u = torch.rand(shape, generator=gen, dtype=torch.float64)
    if values == "ties":  # exact halves k + 1/2 inside the range and at both ends (lo - 1/2, hi + 1/2)
        k = torch.floor(lo - 1 + u * (hi - lo + 2))
        v = k + 0.5
    elif values == "saturating":  # up to 40 steps beyond either end
        v = lo - 40 + u * (hi - lo + 80)
    else:
        v = lo + u * (hi - lo)
    if values == "huge":  # half the elements with 2^31 <= |x / s| < 2^61.5 (either sign), half in range
        span = 0.99 if dt == torch.float16 else 30.5
        big = 2.0 ** (31 + span * torch.rand(shape, generator=gen, dtype=torch.float64))
        sign = torch.where(torch.rand(shape, generator=gen) < 0.5, -1.0, 1.0).to(torch.float64)
        v = torch.where(torch.rand(shape, generator=gen) < 0.5, sign * big, v)
    x = v * s64
    if dt in (torch.float16, torch.bfloat16) and values == "ties":
        # a half-precision x must hold the tie exactly: keep the k whose (k + 1/2) * scale it can hold
        x = torch.where(x.to(dt).to(torch.float64) == x, x, torch.zeros_like(x))
    x = x.to(dt)
    x = _layout(x, layout, gen)
    grad_y = torch.randn(x.shape, generator=gen, dtype=torch.float64).to(dt)
    return Case("contract", (x, scale, zp, ax, qmin, qmax, grad_y))


def _layout(x, layout, gen):
    """The same values in another memory layout, made with the view ops a caller would use."""
    if layout == "transposed" and x.dim() >= 2:
        return x.transpose(0, -1).contiguous().transpose(0, -1)
    if layout == "stepped" or (layout == "transposed" and x.dim() < 2):
        big = torch.zeros((2 * x.shape[0], *x.shape[1:]), dtype=x.dtype)
        big[::2] = x
        return big[::2]
    if layout == "expanded" and x.dim() >= 1:  # row 0 broadcast along dim 0 (stride 0)
        return x[:1].expand(x.shape)
    return x


def public_cases():
    gen = torch.Generator().manual_seed(0)
    named = [
        ("int8-last-axis", {}),
        ("uint8-first-axis", {"qrange": "uint8", "axis": "first"}),
        ("int4-rank3-middle", {"qrange": "int4", "rank": "3", "axis": "middle"}),
        ("ties-half-to-even", {"values": "ties"}),
        ("ties-rank4-axis0", {"values": "ties", "rank": "4", "axis": "first"}),
        ("saturating-both-ends", {"values": "saturating"}),
        ("saturating-uint8-zp-edge", {"values": "saturating", "qrange": "uint8", "zero_point": "edge"}),
        ("zero-point-zero", {"zero_point": "zero", "rank": "1"}),
        ("float64-ties", {"dtype": "float64", "values": "ties"}),
        ("float16", {"dtype": "float16", "rank": "3"}),
        ("bfloat16-saturating", {"dtype": "bfloat16", "values": "saturating"}),
        ("float16-ties", {"dtype": "float16", "values": "ties", "qrange": "int4"}),
        ("transposed", {"layout": "transposed", "rank": "3", "axis": "first"}),
        ("expanded", {"layout": "expanded", "axis": "last"}),
        ("one-channel", {"size": "one_channel"}),
        ("empty", {"size": "empty", "rank": "3"}),
    ]
    cases = []
    for name, kw in named:
        c = _case(gen, **kw)
        c.name = name
        cases.append(c)
    return cases


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        pick = lambda options: options[int(torch.randint(0, len(options), (), generator=gen))]  # noqa: E731
        c = _case(gen, dtype=pick(list(_DT)), rank=pick(["1", "2", "3", "4"]), axis=pick(["first", "middle", "last"]),
                  qrange=pick(list(_RANGES)), zero_point=pick(["zero", "random", "edge"]),
                  values=pick(["normal", "ties", "saturating"]), layout=pick(["contiguous", "transposed", "stepped"]))
        c.name = f"random-{i}"
        cases.append(c)
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml)."""
    return _case(gen, **point)
