"""Trusted checker data for `triton_add_relu` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- relu as s * (s > 0): -inf * 0 = NaN -> infinities (x holds -inf and +inf, y finite).
- relu as (s + |s|) / 2: s + |s| overflows float16 above 32752 -> n=2000-float16-large;
  -inf + inf = NaN -> infinities.
- relu(x) + relu(y) -> every case with mixed signs; cancelling (x + (-x) = 0, the boundary).
- any of these at a length, dtype and value regime no hand-picked case combines (a float32 sum near
  float32's max, infinities in float16, a long input) -> the contract's pairwise cases.
- a grid that does not match BLOCK_SIZE, or no mask -> n=1, 1023, 1025 (unwritten sentinels,
  the family's canaries and traced loads).
- an empty input (a zero-size grid) -> n=0.
- float16 computed or stored wrongly -> n=2049-float16 and n=2000-float16-large (exact dtype).
- returning a new tensor, modifying x or y -> the family (sentinel in out, inputs compared).
- not fused: one kernel writes x + y to out, a second applies relu in place (or one kernel launched
  twice) -> MAX_LAUNCHES = 1 (wrong/two_kernels, wrong/one_kernel_two_passes).
- torch doing part of the work on the host -> the family's dispatch mode records the launcher's
  torch compute between kernel runs (none allowed).
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase, contract_length

ARG_NAMES = ("x", "y", "out")


def oracle(x, y):
    return torch.relu(x + y)


def _pair(gen, n, dtype=torch.float32):
    return torch.randn(n, generator=gen).to(dtype), torch.randn(n, generator=gen).to(dtype)


def _large_half(gen, n):
    # |x|, |y| <= 32000, so x + y stays below float16's 65504, but 2 * (x + y) does not
    return tuple(((torch.rand(n, generator=gen) * 2 - 1) * 32000).half() for _ in range(2))


def _infinities(gen, n):
    # +-inf in x only: relu(-inf + y) = 0 and relu(inf + y) = inf, never inf - inf
    x, y = _pair(gen, n)
    x[::7] = float("-inf")
    x[3::11] = float("inf")
    return x, y


def public_cases():
    gen = torch.Generator().manual_seed(1)
    x, y = _pair(gen, 1000)
    return [
        KernelCase("n=1", _pair(gen, 1)),
        KernelCase("n=1023", _pair(gen, 1023)),
        KernelCase("n=1025", _pair(gen, 1025)),
        # x + (-x) is exactly zero everywhere: the boundary of the ReLU
        KernelCase("cancelling", (x, -x)),
        KernelCase("n=2049-float16", _pair(gen, 2049, torch.float16)),
        KernelCase("n=2000-float16-large", _large_half(gen, 2000)),
        KernelCase("infinities", _infinities(gen, 300)),
        KernelCase("n=0", _pair(gen, 0)),
    ]


def _size(gen, kind):
    # tail: 129 to 3071, never a multiple of a block size; long: 4225 to 6143, twice the longest
    # hand-picked length (2049)
    return contract_length(gen, kind, unit=128, tail_blocks=24, long_blocks=(33, 48))


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): any length, float32 or float16, and values
    with exact zero sums, infinities, or magnitudes near half the dtype's largest finite value."""
    n, dtype = _size(gen, point["size"]), getattr(torch, point["dtype"])
    if point["values"] == "large":
        half_max = torch.finfo(dtype).max / 2 * 0.97  # x + y stays finite; 2 * (x + y) does not
        x, y = (((torch.rand(n, generator=gen, dtype=torch.float64) * 2 - 1) * half_max).to(dtype) for _ in range(2))
        return KernelCase("contract", (x, y))
    x, y = _pair(gen, n, dtype)
    if point["values"] == "infinities":
        x[::7] = float("-inf")
        x[3::11] = float("inf")
    else:
        y[::5] = -x[::5]  # sums of exactly 0: the boundary of the ReLU
    return KernelCase("contract", (x, y))


def hidden_cases(gen, n):
    return [KernelCase(f"random-{i}", _pair(gen, _size(gen, "tail"))) for i in range(n)]


def timing_case():
    return KernelCase("timing", (torch.empty(1 << 26, device="meta"), torch.empty(1 << 26, device="meta")))
MAX_LAUNCHES = 1  # one fused kernel: the sum never goes through memory
