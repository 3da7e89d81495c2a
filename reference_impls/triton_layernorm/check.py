"""Trusted checker data for `triton_layernorm` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- a grid sized like an elementwise kernel, cdiv(M * N, BLOCK): fewer programs than rows when N is
  not a power of two -> ROW_PROGRAMS (every grid has M programs) and 9x5-many-rows (rows never
  written) (wrong/grid_from_numel, blind holdout).
- a row walked in chunks of a fixed block (right values, not the method asked for) -> ROW_PROGRAMS:
  the longest tl.arange must cover a row (wrong/chunked_row_loop, blind holdout).
- variance in one pass, E[x^2] - mean^2: cancels when the mean is large against the spread
  -> 4x1000-offset100 (std 1 around 100: 10-100x over tolerance, the two-pass form stays at 0.4x).
- N - 1 in the variance (torch.var's default) -> 1x1 (0/0 = NaN) and every other case.
- eps added to the standard deviation, or eps hard-coded -> 2x64-eps (eps = 0.1); contract eps=large.
- the one-pass variance at other widths -> contract mean=offset at every width.
- mean or variance over BLOCK_SIZE lanes, or x - mean left non-zero in the padding lanes
  -> widths that are not a power of two (7, 100, 1025, hidden widths).
- x's row stride used for out, or N used as the stride -> padded cases (in_pad != out_pad).
- weight/bias loaded or out stored without a mask -> the family's canaries and traced loads.
- modifying x, weight or bias -> the family compares them bit for bit after the call.
- torch doing part of the work on the host after a launch (the kernel normalises, the host applies
  weight and bias) -> the family's dispatch mode records the launcher's torch compute (none
  allowed) (wrong/host_affine); no launch at all is caught as well.
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("x", "weight", "bias", "eps", "out")


def oracle(x, weight, bias, eps):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), weight, bias, eps)


ROW_PROGRAMS = "x"  # the prompt: one program per row, each loading its row whole into one block


def _case(gen, m, n, shift=0.0, eps=1e-5, scale=2.0):
    x = torch.randn(m, n, generator=gen) * scale + shift
    return x, torch.randn(n, generator=gen), torch.randn(n, generator=gen), eps


def public_cases():
    gen = torch.Generator().manual_seed(4)
    return [
        KernelCase("1x1", _case(gen, 1, 1)),
        KernelCase("3x7-padded", _case(gen, 3, 7), in_pad=3, out_pad=5),
        # many short rows: a grid sized like an elementwise kernel, cdiv(M * N, BLOCK), has fewer than M programs
        KernelCase("9x5-many-rows", _case(gen, 9, 5), in_pad=2, out_pad=1),
        KernelCase("2x1025-padded", _case(gen, 2, 1025), in_pad=1, out_pad=6),
        # a large common offset: the mean must be taken over the row's n elements only
        KernelCase("4x100-offset", _case(gen, 4, 100, shift=50.0)),
        KernelCase("2x64-eps", _case(gen, 2, 64, eps=0.1)),
        # mean 100, spread 1: E[x^2] - mean^2 loses the variance to float32 cancellation
        KernelCase("4x1000-offset100", _case(gen, 4, 1000, shift=100.0, scale=1.0)),
    ]


def _not_pow2(gen, lo, hi):
    while True:
        n = int(torch.randint(lo, hi, (), generator=gen))
        if n & (n - 1):
            return n


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): any width (1, a tail, long), rows centred or
    with a mean near 100 against a spread of 1, eps 1e-5 or large, in padded rows."""
    width = point["width"]
    n = 1 if width == "one" else _not_pow2(gen, 2, 301) if width == "tail" else _not_pow2(gen, 1025, 2048)
    m = 1 if width == "long" else int(torch.randint(1, 4, (), generator=gen))  # the interpreter's cost
    shift, scale = (100.0, 1.0) if point["mean"] == "offset" else (3.0, 2.0)
    eps = 1e-5 if point["eps"] == "default" else round(0.1 + 0.4 * float(torch.rand((), generator=gen)), 4)
    pad = int(torch.randint(1, 9, (), generator=gen))
    return KernelCase("contract", _case(gen, m, n, shift=shift, eps=eps, scale=scale), in_pad=pad, out_pad=pad + 3)


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        m = int(torch.randint(1, 5, (), generator=gen))
        cols = int(torch.randint(2, 1100, (), generator=gen))
        cases.append(KernelCase(f"random-{i}", _case(gen, m, cols, shift=3.0), in_pad=i + 1, out_pad=i + 4))
    return cases


def timing_case():
    return KernelCase("timing", (torch.empty(8192, 4096, device="meta"), torch.empty(4096, device="meta"),
                                 torch.empty(4096, device="meta"), 1e-5))
