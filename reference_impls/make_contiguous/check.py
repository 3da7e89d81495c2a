"""Trusted checker data for `make_contiguous`: Tensor.contiguous() is the oracle.

Threat list (how a candidate gets this wrong -> what kills it):
- never copying / always copying -> transposed / already-contiguous (strides, shares-storage).
- size-1 dims with any stride treated as breaking contiguity -> size-one-transpose.
- "strides decreasing" taken for contiguous -> column-slice (a row gap).
- copying into empty_like(x) or x + 0, which keep a transposed layout -> transposed.
- a buffer allocated without dtype= (float32) -> float64-transposed, int64-column-slice, bool-transposed.
- zero-size tensors (always contiguous, returned as is) -> zero-size.
- a copy through numpy (no bfloat16) -> contract dtype=bfloat16 (wrong/numpy_ascontiguous).
- stride-0 (expanded) input -> expanded.
- modifying x in place -> the family compares every input after the call.
- (not a mistake) a `__main__` self-test using .reshape -> rules skip that block
  (right/main_selftest_reshape).
"""

import torch

from dlprep.checkers import domain
from dlprep.checkers.base import Case


def oracle(x):
    return x.contiguous()


def public_cases():
    a = torch.arange(12.0).reshape(3, 4)
    return [
        Case("already-contiguous", (a,)),
        Case("transposed", (a.t(),)),
        Case("column-slice", (a[:, 1:3],)),
        Case("row-slice", (a[1:],)),
        Case("expanded", (torch.arange(3.0).expand(2, 3),)),
        Case("size-one-transpose", (torch.arange(4.0).reshape(1, 4).t(),)),
        Case("step-slice", (torch.arange(10.0)[::2],)),
        Case("zero-size", (torch.empty(0, 3).t(),)),
        Case("float64-transposed", (torch.arange(6.0, dtype=torch.float64).reshape(2, 3).t(),)),
        Case("int64-column-slice", (torch.arange(12).reshape(3, 4)[:, ::2],)),
        Case("bool-transposed", ((torch.arange(6).reshape(2, 3) % 2 == 0).t(),)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        ndim = int(torch.randint(1, 4, (), generator=gen))
        x = torch.randn(*torch.randint(1, 5, (ndim,), generator=gen).tolist(), generator=gen)
        if i % 2:
            x = x.permute(*torch.randperm(ndim, generator=gen).tolist())
        cases.append(Case(f"random-{i}", (x,)))
    return cases


def contract_case(point, gen):
    """x as any strided view (4-d so that channels_last layouts exist), with size-1 dims (whose
    strides do not matter for contiguity) or an empty dim (always contiguous)."""
    shape = torch.randint(2, 5, (4,), generator=gen).tolist()
    if point["sizes"] == "size_one_dims":
        shape[int(torch.randint(1, 4, (), generator=gen))] = 1
    elif point["sizes"] == "empty":
        shape[int(torch.randint(1, 4, (), generator=gen))] = 0
    return Case("contract", (domain.tensor(shape, gen, point["dtype"], point["layout"]),))
