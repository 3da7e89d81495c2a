"""Trusted checker data for `make_contiguous`: Tensor.contiguous() is the oracle."""

import torch

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
