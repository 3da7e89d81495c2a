"""Trusted checker data for `sdpa_from_scratch` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- the default scale taken as 1/E, 1/sqrt(Ev) or left out, or an explicit scale ignored
  -> contract scale=explicit, E != Ev in every case (wrong/scale_by_value_dim, wrong/ignores_explicit_scale).
- a boolean mask read the wrong way round (True = masked) -> every mask=bool_* point (mutants/inverted_bool_mask).
- a 0/1 float mask treated as boolean, or a float mask multiplied in -> mask=float_* (values N(0,1) and -inf).
- is_causal aligned to the bottom-right (tril(diagonal=S-L), the KV-cache convention) or off by one
  (the diagonal excluded) -> causal with L != S (lengths=wide, tall, decode) (wrong/causal_bottom_right,
  mutants/causal_excludes_diagonal).
- softmax stabilised by one max over more than a row (the whole tensor, a batch, a head)
  -> values=offsets: each query row has its own score offset in +-70 (float64: +-400), so rows far
  below the shared max underflow to 0 (wrong/global_max_shift).
- `scale = scale or 1/sqrt(E)`: an explicit scale=0.0 taken as missing -> scale=zero (torch then
  weighs every kept key alike) (wrong/scale_or_default).
- float16/bfloat16 softmax weights rounded to the input dtype before the weighted sum (two roundings)
  -> values=near_ties: scores within ~0.1 (weights near 1/S, off the half grid) and v columns of
  mean 0, size 100: the sum cancels to near 0, where 8- or 11-bit weights miss atol; never with
  scale=0 or one key per row (equal weights), which the contract excludes (wrong/half_double_rounding).
- softmax without subtracting the row max -> values=large: scores near 120, exp overflows to inf
  and inf/inf is NaN (wrong/unstabilised_softmax).
- a fully masked row left to softmax (NaN) where torch outputs zeros -> values=masked_rows
  (wrong/nan_masked_rows).
- GQA heads mapped with repeat/tile (head h -> h % Hkv) instead of repeat_interleave (h // group)
  -> heads=gqa (Hq=6, Hkv=2) (wrong/gqa_tile).
- float64 computed in float32 -> dtype=float64 (tolerance 1e-7) (wrong/float32_everywhere).
- float16/bfloat16 computed in the input dtype -> values=large: scores near 120 rounded to 8 (or 11)
  bits are off by up to 0.25 (0.03), which moves softmax weights by far more than the tolerance
  (wrong/half_precision_scores).
- a mask expected at full (B, Hq, L, S) shape -> mask=bool_ls, bool_b1, float_ls broadcast.
- view() on non-contiguous inputs, .expand'ed key/value written in place -> layout=transposed,
  sliced, expanded (the family compares every input after the call).
- calling SDPA itself under another name -> config.forbid names each alias, and
  forbid_in_any_form [torch._safe_softmax]: every SDPA spelling on CPU under the run's dispatch
  watch goes through aten._safe_softmax (wrong/aten_sdpa).
"""

import math
from pathlib import Path

import torch
import torch.nn.functional as F

from dlprep.checkers import contract
from dlprep.checkers.base import Case

_DT = {"float32": torch.float32, "float64": torch.float64, "float16": torch.float16, "bfloat16": torch.bfloat16}
_HEADS = {"mha": (3, 3), "gqa": (6, 2), "mqa": (4, 1)}


def oracle(query, key, value, attn_mask=None, is_causal=False, scale=None):
    return F.scaled_dot_product_attention(query, key, value, attn_mask=attn_mask, is_causal=is_causal,
                                          scale=scale, enable_gqa=query.shape[-3] != key.shape[-3])


def _rand(shape, gen, dt, center):
    x = torch.randn(shape, generator=gen, dtype=torch.float64)
    return (center + (0.5 * x if center else x)).to(dt)


def _laid_out(shape, gen, dt, layout, center, edit=None):
    """(B, H, N, D) in one of the layouts a caller hands over; entries N(0, 1), or center + N(0, 1/4).
    edit(t) rewrites the (B or 1, H, N, D) view in place before a batch expand."""
    b, h, n, d = shape
    if layout == "transposed":  # projected as (B, N, H, D) and transposed, as real attention code does
        t = _rand((b, n, h, d), gen, dt, center).transpose(1, 2)
    elif layout == "sliced":  # a slice of a wider last dim: offset 1, last stride 1, rows stride D + 2
        t = _rand((b, h, n, d + 2), gen, dt, center)[..., 1:d + 1]
    elif layout == "expanded":  # one batch row broadcast (stride 0 on dim 0)
        t = _rand((1, h, n, d), gen, dt, center)
    else:
        t = _rand(shape, gen, dt, center)
    if edit is not None and t.numel():
        edit(t)
    return t.expand(b, h, n, d) if layout == "expanded" else t


def _mask(kind, b, hq, L, S, gen, dt, masked_rows):
    shape = {"bool_ls": (L, S), "bool_b1": (b, 1, L, S), "float_full": (b, hq, L, S), "float_ls": (L, S)}[kind]
    keep = torch.rand(shape, generator=gen) < 0.75
    if masked_rows and keep.numel():
        rows = torch.rand(shape[:-1], generator=gen) < 0.4
        rows.view(-1)[0] = True  # at least one row with every key masked out
        keep &= ~rows.unsqueeze(-1)
    if kind.startswith("bool"):
        return keep
    bias = torch.randn(shape, generator=gen, dtype=torch.float64)
    return bias.masked_fill(~keep, float("-inf")).to(dt)


def _case(gen, *, dtype="float32", heads="mha", mask="none", scale="default", lengths="square",
          layout="contiguous", values="normal", E=None, Ev=None):
    dt = _DT[dtype]
    hq, hkv = _HEADS[heads]
    b = 0 if lengths == "empty" else 2
    r = [int(v) for v in torch.randint(1, 5, (3,), generator=gen)]
    L, S = {"square": (r[0] + 1, r[0] + 1), "decode": (1, r[0] + 4), "wide": (r[0], r[0] + r[1] + 2),
            "tall": (r[0] + r[1] + 2, r[0]), "one_key": (r[0], 1), "empty": (3, 3)}[lengths]
    E = E or [3, 5, 8, 16][r[2] - 1]
    Ev = Ev or E + 2  # never equal to E: a scale taken from the value dim shows
    kwargs = {}
    if scale == "explicit":
        kwargs["scale"] = round(0.05 + 1.5 * float(torch.rand((), generator=gen)), 3)
    elif scale == "zero":  # a falsy explicit scale: every kept key gets the same weight, not 1/sqrt(E)
        kwargs["scale"] = 0.0
    c, cv = 0.0, 0.0
    if values == "large":
        # q and k entries near c: every score is near c^2 * E * scale = 120 (exp overflows float32
        # past 88.7) and scores still differ by a few units between keys, so a rounded score moves
        # the weights; v near 1, so the weighted sum never cancels to where atol alone decides
        c, cv = math.sqrt(120.0 / (E * (kwargs.get("scale") or E ** -0.5))), 1.0
    q_edit = k_edit = None
    if values == "offsets":
        # every query row (of every batch and head) gets its own score offset o: key dim 0 is 1 for
        # every key and query dim 0 is o / scale, so a row's scores are o + N(0, 1)-ish. Offsets span
        # +-R with R past where exp underflows (float32: 104, float64: 745), so a max taken over more
        # than one row (the whole tensor, a batch, a head) zeroes the rows far below it
        R = 400.0 if dt == torch.float64 else 70.0
        sc = kwargs.get("scale", E ** -0.5) or 1.0  # scale=0.0: no offsets survive anyway
        cv = 1.0  # v near 1, as for values=large: scores near 70 are off by a few ulps between kernels
        offs = R * (2 * torch.rand((1 if layout == "expanded" else b, hq, L), generator=gen, dtype=torch.float64) - 1)
        if offs.numel():
            offs.view(-1)[0], offs.view(-1)[-1] = R, -R

        def q_edit(t):
            t[..., 0] = (offs / sc).to(dt)

        def k_edit(t):
            t[..., 0] = 1.0
    v_edit = None
    if values == "near_ties":
        # scores within ~0.1 of each other (weights near 1/S, not on the float16/bfloat16 grid) and
        # v columns of mean 0 over the keys, size 100 in half precision: the weighted sum cancels
        # to near 0, where weights rounded to 8 or 11 bits before the sum are off by more than atol
        # (float32/float64 keep v near 1: float32 sums in another order differ in the last bits)
        big = 100.0 if dt in (torch.float16, torch.bfloat16) else 1.0

        def q_edit(t):
            t.mul_(0.1)
        k_edit = q_edit

        def v_edit(t):
            w = t.to(torch.float64)
            t.copy_((big * (w - w.mean(dim=-2, keepdim=True))).to(dt))
    q = _laid_out((b, hq, L, E), gen, dt, layout, c, q_edit)
    k = _laid_out((b, hkv, S, E), gen, dt, layout, c, k_edit)
    v = _laid_out((b, hkv, S, Ev), gen, dt, layout, cv, v_edit)
    if mask == "causal":
        kwargs["is_causal"] = True
    elif mask != "none":
        kwargs["attn_mask"] = _mask(mask, b, hq, L, S, gen, dt, values == "masked_rows")
    return Case("contract", (q, k, v), kwargs)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    named = [
        ("basic", {}),
        ("gqa-6-over-2", {"heads": "gqa"}),
        ("mqa-4-over-1", {"heads": "mqa"}),
        ("bool-mask-L-by-S", {"mask": "bool_ls"}),
        ("bool-mask-B-1-L-S", {"mask": "bool_b1", "heads": "gqa"}),
        ("float-mask-with-neg-inf", {"mask": "float_full"}),
        ("causal-square", {"mask": "causal"}),
        ("causal-more-keys-than-queries", {"mask": "causal", "lengths": "wide"}),
        ("causal-more-queries-than-keys", {"mask": "causal", "lengths": "tall"}),
        ("decode-one-query", {"lengths": "decode", "heads": "gqa"}),
        ("one-key", {"lengths": "one_key", "mask": "float_ls"}),
        ("explicit-scale", {"scale": "explicit"}),
        ("fully-masked-rows-bool", {"mask": "bool_ls", "values": "masked_rows"}),
        ("fully-masked-rows-float", {"mask": "float_full", "values": "masked_rows"}),
        ("large-scores", {"values": "large"}),
        ("large-scores-float16", {"values": "large", "dtype": "float16", "heads": "gqa"}),
        ("large-scores-bfloat16", {"values": "large", "dtype": "bfloat16", "mask": "bool_b1"}),
        ("float64", {"dtype": "float64", "mask": "float_ls"}),
        ("float16", {"dtype": "float16", "heads": "gqa"}),
        ("bfloat16-causal", {"dtype": "bfloat16", "mask": "causal"}),
        ("transposed-layout", {"layout": "transposed", "heads": "gqa"}),
        ("expanded-kv", {"layout": "expanded"}),
        ("head-dim-1", {"E": 1, "Ev": 1}),
        ("empty-batch", {"lengths": "empty"}),
    ]
    cases = []
    for name, kw in named:
        c = _case(gen, **kw)
        c.name = name
        cases.append(c)
    return cases


def hidden_cases(gen, n):
    """Random points of the whole stated domain (the contract adds a covering set of them)."""
    declared = contract.load(Path(__file__).parent)
    assert declared is not None
    cases = []
    for i in range(n):
        for _try in range(50):
            point = {a.name: a.values[int(torch.randint(0, len(a.values), (), generator=gen))] for a in declared.axes}
            if declared.allowed(point):
                break
        c = contract_case(point, gen)
        c.name = f"random-{i}"
        cases.append(c)
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): dtype, heads (MHA, GQA, MQA), mask kind and
    shape, scale, lengths, layout and value regime as the prompt states them."""
    return _case(gen, dtype=point["dtype"], heads=point["heads"], mask=point["mask"], scale=point["scale"],
                 lengths=point["lengths"], layout=point["layout"], values=point["values"])
