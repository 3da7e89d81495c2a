"""Trusted checker data for `triton_matmul` (imported by the grader only).

Sizes stay small: the interpreter runs every program's tl.dot one after another in Python.

Threat list (how a candidate gets this wrong -> what kills it):
- addresses from the shapes (row i at i * K) instead of the strides -> padded cases
  (17x33x19-padded, 40x17x9 and every hidden case have padded rows).
- tiles cast to float16 for tl.dot: fine on randn, inf past 65504 -> 24x40x20-wide-range; contract
  values=wide.
  (bfloat16 tiles already fail 32x32x32 on precision; TF32 stays within rtol 2e-3 / atol 0.02.)
- K // BLOCK_K steps (the partial K tile dropped), or K not masked -> K = 17, 33 and 1 cases;
  unmasked K also trips the family's NaN canaries and traced loads.
- `acc = tl.dot(...)` instead of `+=`, or the accumulator seeded from the first tile -> any K
  over one block; 5x0x7-empty-k (torch gives zeros).
- store without a mask, axes of the grid swapped -> canaries around out; non-square cases.
- a grid too small by a program per axis (cdiv by the wrong block, n // BLOCK, or by BLOCK - 1 in one
  axis), which shows only where M or N is just past a multiple of the block -> 33x8x65-just-past-block.
- modifying a or b -> the family compares them bit for bit after the call.
- torch doing the ragged edges on the host (the kernel does only whole tiles) -> the family's
  dispatch mode records the launcher's torch compute between kernel runs (none allowed)
  (wrong/host_edges).
- a 1-D grid (the prompt asks for a 2-D one) -> PROGRAM_ID_AXES = 2: the interpreter traces which
  tl.program_id axes the kernel reads (wrong/one_d_grid).
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("a", "b", "out")
MIN_DOT_DIM = 16  # the prompt: every block dimension at least 16 (tl.dot on a GPU needs it)


def oracle(a, b):
    return torch.matmul(a, b)


def _pair(gen, m, k, n):
    return torch.randn(m, k, generator=gen), torch.randn(k, n, generator=gen)


def public_cases():
    gen = torch.Generator().manual_seed(3)
    return [
        KernelCase("1x1x1", _pair(gen, 1, 1, 1)),
        KernelCase("32x32x32", _pair(gen, 32, 32, 32)),
        KernelCase("17x33x19-padded", _pair(gen, 17, 33, 19), in_pad=3, out_pad=5),
        KernelCase("40x17x9", _pair(gen, 40, 17, 9), in_pad=1, out_pad=2),
        # entries near 1e5 are ordinary float32 (and TF32) values but overflow float16 tiles to inf
        KernelCase("24x40x20-wide-range", (torch.randn(24, 40, generator=gen) * 1e5,
                                           torch.randn(40, 20, generator=gen) * 1e-5)),
        # an empty K: torch gives zeros, so the accumulator must start at 0, not at the first tile
        KernelCase("5x0x7-empty-k", _pair(gen, 5, 0, 7)),
        # M and N one past a multiple of 32 (and of 33): a grid one program short in either axis
        # leaves the last row or column unwritten; every other case has M, N within a block of both
        KernelCase("33x8x65-just-past-block", _pair(gen, 33, 8, 65)),
    ]


def _no_mult16(gen, lo, hi):
    while True:
        n = int(torch.randint(lo, hi, (), generator=gen))
        if n % 16:
            return n


def _mn(gen, kind):
    if kind == "one":  # a single row or a single column of out
        other = _no_mult16(gen, 2, 48)
        return (1, other) if bool(torch.randint(0, 2, (), generator=gen)) else (other, 1)
    if kind == "past_block":
        return tuple(int(v) for v in torch.tensor([17, 33, 65])[torch.randint(0, 3, (2,), generator=gen)])
    return _no_mult16(gen, 2, 48), _no_mult16(gen, 2, 48)


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): M and N with tails, 1 or one past a block,
    K with a tail, 1 or 0, entries of ordinary or wide range, in padded rows."""
    m, n = _mn(gen, point["mn"])
    k = {"one": 1, "empty": 0}.get(point["k"]) if point["k"] != "tail" else _no_mult16(gen, 17, 71)
    a, b = _pair(gen, m, k, n)
    if point["values"] == "wide":
        a, b = a * 1e5, b * 1e-5
    pad = int(torch.randint(1, 6, (), generator=gen))
    return KernelCase("contract", (a, b), in_pad=pad, out_pad=pad + 1)


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        m, k, cols = (int(v) for v in torch.randint(1, 48, (3,), generator=gen))
        cases.append(KernelCase(f"random-{i}", _pair(gen, m, k, cols), in_pad=i + 1, out_pad=i + 2))
    return cases


def timing_case():
    return KernelCase("timing", (torch.empty(4096, 4096, device="meta"), torch.empty(4096, 4096, device="meta")))
PROGRAM_ID_AXES = 2  # the prompt asks for a 2-D grid of output tiles
