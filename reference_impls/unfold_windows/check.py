"""Trusted checker data for `unfold_windows`: Tensor.unfold is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- stride 1 assumed along dim 0 (outer or inner) -> strided-input, 2d-rows (permuted-3d's dim 0 has
  stride 1, so it cannot tell).
- window count off by one: ceil((len - size) / step) is one short exactly when step divides
  len - size -> overlapping, non-overlapping, tail-dropped; a partial tail window -> tail-dropped, gaps.
- storage offset 0 -> offset-input.
- the window dim placed second instead of last -> 2d-rows, permuted-3d.
- a copy (stack of slices) instead of a view -> the family's shares-storage property.
- dtype kept by a view -> int64-rows.
- a window longer than the dim (0 windows returned) or step <= 0, where unfold raises
  -> window-too-long-raises, window-much-too-long-raises, step-zero-raises, step-negative-raises:
  x.unfold raises, so the solution must raise (wrong/no_length_check, wrong/clamped_window_count,
  wrong/empty_for_too_long_window; the prompt states it).
- a copy through numpy or a buffer of another dtype -> contract dtype (bfloat16, bool).
  (A step of 0 that slips past the check still raises ZeroDivisionError in the window count, so
  `step <= 0` -> `step < 0` is equivalent: see mutation.yaml.)
"""

import torch

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(x, size, step):
    return x.unfold(0, size, step)


def public_cases():
    return [
        Case("overlapping", (torch.arange(8.0), 3, 1)),
        Case("non-overlapping", (torch.arange(8.0), 2, 2)),
        Case("gaps", (torch.arange(10.0), 2, 3)),
        Case("tail-dropped", (torch.arange(7.0), 3, 2)),
        Case("whole", (torch.arange(5.0), 5, 1)),
        # unfold raises on a window longer than the dimension
        Case("window-too-long-raises", (torch.arange(5.0), 6, 1)),
        Case("window-much-too-long-raises", (torch.arange(3.0), 8, 2)),
        # unfold raises on a step <= 0
        Case("step-zero-raises", (torch.arange(5.0), 2, 0)),
        Case("step-negative-raises", (torch.arange(6.0), 2, -2)),
        Case("size-one", (torch.arange(4.0), 1, 1)),
        Case("strided-input", (torch.arange(20.0)[::2], 3, 2)),
        Case("offset-input", (torch.arange(12.0)[3:], 4, 4)),
        Case("2d-rows", (torch.arange(12.0).reshape(6, 2), 3, 1)),
        Case("long-1025", (torch.randn(1025, generator=torch.Generator().manual_seed(1)), 256, 128)),
        Case("permuted-3d", (torch.arange(60.0).reshape(3, 4, 5).permute(2, 0, 1), 2, 2)),
        Case("int64-rows", (torch.arange(15).reshape(5, 3), 2, 3)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        length = int(torch.randint(1, 40, (), generator=gen))
        size = int(torch.randint(1, length + 1, (), generator=gen))
        step = int(torch.randint(1, 6, (), generator=gen))
        x = torch.randn(length * 2, generator=gen)[:: 2] if i % 2 else torch.randn(length, generator=gen)
        cases.append(Case(f"random-{i}", (x, size, step)))
    return cases


def contract_case(point, gen):
    """x strided, offset, transposed or expanded, with trailing dims; windows that overlap, touch,
    leave gaps, drop a tail, cover x whole, or are one element long."""
    rank = int(point["rank"])
    n = int(torch.randint(4, 40, (), generator=gen))
    shape = [n] + torch.randint(1, 4, (rank - 1,), generator=gen).tolist()
    x = domain.tensor(shape, gen, point["dtype"], point["layout"])
    size = int(torch.randint(2, max(3, n // 2), (), generator=gen))
    step = {"overlap": max(1, size - 1), "disjoint": size, "gaps": size + 2, "tail": size + 1,
            "whole": 1, "size_one": 1}[point["windows"]]
    if point["windows"] == "whole":
        size = n
    elif point["windows"] == "size_one":
        size, step = 1, int(torch.randint(1, 4, (), generator=gen))
    return Case("contract", (x, size, step))
