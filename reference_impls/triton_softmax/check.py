"""Trusted checker data for `triton_softmax` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- no shift at all -> large-values (exp(1000) = inf) and very-negative (0 / 0); contract
  values=large / negative at every width.
- shifting by the row mean or the first element instead of the max: stays finite while the
  row's spread is small -> 4x300-wide-spread (max - mean ~ 150, max - first up to ~300 > 88).
- padding lanes loaded as 0 (other=0 without a where) -> very-negative (their exp dominates).
- online softmax that does not rescale the running sum when the max grows -> 2x1025-padded,
  4x300-wide-spread and hidden widths over one chunk.
- row stride assumed = N, or x's stride used for out -> padded cases (in_pad != out_pad).
- no mask on the load or the store -> the family's canaries and traced loads.
- modifying x -> the family compares it bit for bit after the call.
- a persistent grid (fewer programs than rows, each looping over rows) or a row walked in chunks
  (online softmax over a fixed BLOCK): right values, not the kernel asked for -> ROW_PROGRAMS
  (every grid has M programs, the longest tl.arange covers a row) and 9x5-many-rows (a grid capped
  at 4 programs is visible only with more rows than that) (wrong/persistent_grid,
  wrong/chunked_online_softmax).
- torch doing part of the work on the host (e.g. x - x.amax() before a plain-exp kernel)
  -> the family's dispatch mode records the launcher's torch compute between kernel runs (none
  allowed) (wrong/host_subtracts_max).
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("x", "out")
ROW_PROGRAMS = "x"  # the prompt: M programs, each loading its row whole (BLOCK_SIZE = next_power_of_2(N))


def oracle(x):
    return torch.softmax(x, dim=-1)


def _rows(gen, m, n, scale=1.0, shift=0.0):
    return (torch.randn(m, n, generator=gen) * scale + shift,)


def public_cases():
    gen = torch.Generator().manual_seed(2)
    return [
        KernelCase("1x1", _rows(gen, 1, 1)),
        KernelCase("3x7-padded", _rows(gen, 3, 7), in_pad=3, out_pad=5),
        KernelCase("2x1025-padded", _rows(gen, 2, 1025), in_pad=7, out_pad=1),
        KernelCase("4x100", _rows(gen, 4, 100)),
        # exp(1000) overflows float32: only the max-subtracted form stays finite
        KernelCase("large-values", _rows(gen, 3, 33, scale=30.0, shift=1000.0), in_pad=2, out_pad=4),
        KernelCase("very-negative", _rows(gen, 2, 50, scale=5.0, shift=-500.0)),
        # spread ~ +-180 around 0: only the max keeps every exponent <= 0 (mean or first element do not)
        KernelCase("4x300-wide-spread", _rows(gen, 4, 300, scale=60.0), in_pad=1, out_pad=3),
        KernelCase("9x5-many-rows", _rows(gen, 9, 5, scale=3.0), in_pad=2, out_pad=1),
    ]


def _not_pow2(gen, lo, hi):
    while True:
        n = int(torch.randint(lo, hi, (), generator=gen))
        if n & (n - 1):
            return n


VALUES = {"spread": (60.0, 0.0), "large": (30.0, 1000.0), "negative": (5.0, -500.0)}  # (scale, shift)


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): any width (1, a tail, long) with values spread
    wide, near 1000 or near -500, in padded rows of different strides for x and out."""
    width = point["width"]
    n = 1 if width == "one" else _not_pow2(gen, 2, 301) if width == "tail" else _not_pow2(gen, 1025, 2048)
    m = 1 if width == "long" else int(torch.randint(1, 4, (), generator=gen))  # the interpreter's cost
    pad = int(torch.randint(1, 9, (), generator=gen))
    return KernelCase("contract", _rows(gen, m, n, *VALUES[point["values"]]), in_pad=pad, out_pad=pad + 2)


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        m = int(torch.randint(1, 6, (), generator=gen))
        cols = int(torch.randint(2, 1200, (), generator=gen))
        pad = int(torch.randint(1, 9, (), generator=gen))
        cases.append(KernelCase(f"random-{i}", _rows(gen, m, cols, scale=10.0), in_pad=pad, out_pad=pad + 2))
    return cases


def timing_case():
    return KernelCase("timing", (torch.empty(8192, 4096, device="meta"),))
