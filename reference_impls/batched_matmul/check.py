"""Trusted checker data for `batched_matmul` (imported by the grader only)."""

import torch

from dlprep.checkers.base import Case


def oracle(a, b):
    return torch.matmul(a, b)


def _pair(gen, batch, n, k, m, dtype=torch.float32):
    return (torch.randn(batch, n, k, generator=gen, dtype=dtype), torch.randn(batch, k, m, generator=gen, dtype=dtype))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    a, b = _pair(gen, 2, 3, 4, 5)
    bt = torch.randn(3, 5, 4, generator=gen).transpose(1, 2)  # non-contiguous (3, 4, 5)
    return [
        Case("small", (a, b)),
        Case("ones", _pair(gen, 1, 1, 1, 1)),
        Case("odd", _pair(gen, 3, 7, 5, 3)),
        Case("long-k-1025", _pair(gen, 1, 3, 1025, 2)),
        Case("long-k-1023", _pair(gen, 2, 2, 1023, 3)),
        Case("non-contiguous", (torch.randn(3, 2, 4, generator=gen), bt)),
        Case("float64", _pair(gen, 2, 4, 3, 2, torch.float64)),
        Case("empty-batch", _pair(gen, 0, 3, 4, 5)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        batch, rows, k, cols = (int(v) for v in torch.randint(1, 9, (4,), generator=gen))
        cases.append(Case(f"random-{i}", _pair(gen, batch, rows, k * 17, cols)))
    return cases
