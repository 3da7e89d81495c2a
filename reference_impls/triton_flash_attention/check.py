"""Trusted checker data for `triton_flash_attention` (imported by the grader only).

Sizes stay small (M, N <= 80, B * H <= 2): the interpreter runs every program's tl.dot one after
another in Python. The oracle is torch's own attention in float64, cast to the inputs' dtype.

Threat list (how a candidate gets this wrong -> what kills it):
- no max subtraction (p = exp(s), out = sum(p v) / sum(p)) -> the large-logit cases (scores up to
  ~+-1000: exp overflows to inf, inf / inf = NaN) and negative-logit cases (all scores near -1000:
  0 / 0); contract logits=large / negative.
- the rescale factor across key blocks wrong (alpha = exp(m_new - m_old), acc or l not rescaled,
  acc rescaled twice, or the old max kept) -> every case with N over one key block whose running
  max grows: "1x1x70-rising-logits-causal" raises the max in every block; normal-logit cases.
- causal mask off by one (j < i, or j <= i + 1), or the loop bound of a causal kernel cutting the
  diagonal block -> the causal cases (row 0 then sees no key: NaN; or one future key leaks in).
- tail keys not masked (keys loaded with other=0 but their scores left at 0, or no key mask at all)
  -> every N not a multiple of BLOCK_N: a zero score is a real weight exp(0 - m); an unmasked load
  also reads the grader's NaN canaries and is traced as an out-of-bounds read.
- wrong scale (1/sqrt(D) regardless of `scale`, `scale` ignored, 1/D, scale applied twice or to
  the output) -> scale=given cases (scales in [0.3, 0.7], never 1/sqrt(D)) and default-scale ones.
- query rows past M written (store without a row mask) -> the family's canaries after out's rows
  and around out; tails in every case.
- strides: q's strides reused for k and v -> cross-attention cases (N != M gives k a different
  head stride); out's strides assumed equal to q's -> in_pad != out_pad in every case.
- float16 handled as float32 (out written in the wrong dtype is impossible: the pointer's type
  decides), or float16 accumulation of the running sums -> dtype=float16 cases with long N.
- attention computed with torch on the host (a materialised softmax, a matmul), or a kernel that
  stores only part of out -> the family's host-op dispatch mode, traced stores and sentinels.
- scores written by a first kernel and normalised by a second -> MAX_LAUNCHES = 1. Not seen: a
  single kernel that writes scores to a scratch buffer the launcher allocated, or one key block as
  wide as N (correct values either way; the family reports neither allocations nor block widths).
"""

import math

import torch
import torch.nn.functional as F

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("q", "k", "v", "causal", "scale", "out")
MIN_DOT_DIM = 16  # the prompt: tl.dot needs every block dimension to be at least 16
MAX_LAUNCHES = 1  # the prompt: one launch per call (a second pass would read scores back from memory)
HEAD_DIMS = (16, 32, 64)
BATCH_HEADS = ((1, 1), (1, 2), (2, 1))  # B * H <= 2 keeps a grading within ~30 s under the interpreter
MAX_SEQ = 80
LARGE_STD = 300.0  # standard deviation of the scores in the large-logit regime
NEGATIVE_MEAN = -1000.0  # the scores' centre in the negative-logit regime


def oracle(q, k, v, causal, scale):
    out = F.scaled_dot_product_attention(q.double(), k.double(), v.double(), is_causal=causal, scale=scale)
    return out.to(q.dtype)


def _scores_scale(d, scale):
    return 1.0 / math.sqrt(d) if scale is None else scale


def _qkv(gen, b, h, m, n, d, dtype=torch.float32, logits="normal", scale=None):
    """q, k, v whose scores q.k * scale follow the named regime (drawn in float64, then cast)."""
    s = _scores_scale(d, scale)
    q = torch.randn(b, h, m, d, generator=gen, dtype=torch.float64)
    k = torch.randn(b, h, n, d, generator=gen, dtype=torch.float64)
    v = torch.randn(b, h, n, d, generator=gen, dtype=torch.float64)
    if logits == "normal":  # scores ~ N(0, 1)
        q, k = q / math.sqrt(s * math.sqrt(d)), k / math.sqrt(s * math.sqrt(d))
    elif logits == "large":  # scores ~ N(0, 300^2): exp of them overflows without the max shift
        a = math.sqrt(LARGE_STD / (s * math.sqrt(d)))
        q, k = q * a, k * a
    elif logits == "negative":  # scores = -1000 + N(0, ~10^2): exp of them underflows to 0
        c = math.sqrt(-NEGATIVE_MEAN / s)
        u = torch.ones(d, dtype=torch.float64) / math.sqrt(d)
        q, k = c * u + 0.5 * q, -c * u + 0.5 * k
    elif logits == "rising":  # key j scores about 40 * j / n for every query: each key block raises the max
        u = torch.ones(d, dtype=torch.float64) / math.sqrt(d)
        ramp = torch.arange(n, dtype=torch.float64)[:, None] / max(n - 1, 1)
        c = math.sqrt(40.0 / s)
        q, k = c * u + 0.05 * q, c * ramp * u + 0.05 * k
    else:
        raise ValueError(logits)
    return q.to(dtype), k.to(dtype), v.to(dtype)


def _case(name, gen, b, h, m, n, d, causal, scale=None, dtype=torch.float32, logits="normal", in_pad=3, out_pad=5):
    q, k, v = _qkv(gen, b, h, m, n, d, dtype, logits, scale)
    return KernelCase(name, (q, k, v, causal, scale), in_pad=in_pad, out_pad=out_pad)


def public_cases():
    gen = torch.Generator().manual_seed(7)
    return [
        _case("1x1x1x1-d16", gen, 1, 1, 1, 1, 16, False, in_pad=1, out_pad=2),
        _case("1x2x17-causal-d16", gen, 1, 2, 17, 17, 16, True),
        # N != M: k's head stride differs from q's; 50 keys end mid-block
        _case("2x1x33q50k-cross-d32-scale0.4", gen, 2, 1, 33, 50, 32, False, scale=0.4, in_pad=2, out_pad=7),
        _case("1x2x64-causal-d64", gen, 1, 2, 64, 64, 64, True, in_pad=4, out_pad=1),
        _case("1x2x40-large-logits-d16", gen, 1, 2, 40, 40, 16, False, logits="large"),
        _case("1x1x45-negative-logits-causal-d32", gen, 1, 1, 45, 45, 32, True, logits="negative", in_pad=2,
              out_pad=3),
        _case("1x2x37-float16-causal-d32", gen, 1, 2, 37, 37, 32, True, dtype=torch.float16, in_pad=5, out_pad=2),
        # the scores rise along the keys, so every key block raises every row's running max
        _case("1x1x70-rising-logits-causal-d16", gen, 1, 1, 70, 70, 16, True, logits="rising", in_pad=1,
              out_pad=4),
    ]


def _seq(gen, kind):
    if kind == "one":
        return 1
    if kind == "multiple":
        return 64
    lo, hi = (17, 64) if kind == "tail" else (65, MAX_SEQ + 1)
    while True:
        n = int(torch.randint(lo, hi, (), generator=gen))
        if n % 16:
            return n


def _scale(gen):
    # never 1/sqrt(D) (at most 0.25 here), so a kernel that ignores `scale` is seen
    return round(0.3 + 0.4 * float(torch.rand((), generator=gen)), 4)


def _pads(gen):
    p = int(torch.randint(1, 6, (), generator=gen))
    return p, p + int(torch.randint(1, 4, (), generator=gen))


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): sequence tail, cross-attention, causal,
    scale given or not, the logit regime, the dtype and the head dimension."""
    m = _seq(gen, point["seq"])
    n = m
    if point["kv"] == "cross":
        while n == m:
            n = int(torch.randint(1, MAX_SEQ + 1, (), generator=gen))
    d = HEAD_DIMS[int(torch.randint(0, 3, (), generator=gen))]
    b, h = BATCH_HEADS[int(torch.randint(0, 3, (), generator=gen))]
    scale = _scale(gen) if point["scale"] == "given" else None
    in_pad, out_pad = _pads(gen)
    return _case("contract", gen, b, h, m, n, d, point["causal"] == "on", scale,
                 getattr(torch, point["dtype"]), point["logits"], in_pad, out_pad)


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        causal = bool(torch.randint(0, 2, (), generator=gen))
        m = int(torch.randint(1, MAX_SEQ + 1, (), generator=gen))
        kv = m if causal else int(torch.randint(1, MAX_SEQ + 1, (), generator=gen))
        d = HEAD_DIMS[int(torch.randint(0, 3, (), generator=gen))]
        scale = _scale(gen) if bool(torch.randint(0, 2, (), generator=gen)) else None
        dtype = torch.float16 if bool(torch.randint(0, 2, (), generator=gen)) else torch.float32
        in_pad, out_pad = _pads(gen)
        b, h = BATCH_HEADS[int(torch.randint(0, 3, (), generator=gen))]
        cases.append(_case(f"random-{i}", gen, b, h, m, kv, d, causal, scale, dtype, "normal", in_pad, out_pad))
    return cases


def timing_case():
    shape = (4, 16, 1024, 64)
    return KernelCase("timing", (torch.empty(shape, dtype=torch.float16, device="meta"),
                                 torch.empty(shape, dtype=torch.float16, device="meta"),
                                 torch.empty(shape, dtype=torch.float16, device="meta"), True, None))
