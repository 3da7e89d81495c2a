"""Trusted checker data for `depthwise_unfold`: F.conv2d with groups=C is the oracle."""

import torch
import torch.nn.functional as F

from dlprep.checkers.base import Case


def oracle(x, weight, stride, padding):
    return F.conv2d(x, weight, stride=stride, padding=padding, groups=x.shape[1])


def _case(gen, n, c, h, w, k, stride, padding):
    return (torch.randn(n, c, h, w, generator=gen), torch.randn(c, 1, k, k, generator=gen), stride, padding)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        Case("3x3-same", _case(gen, 2, 3, 8, 8, 3, 1, 1)),
        Case("3x3-valid", _case(gen, 1, 4, 7, 9, 3, 1, 0)),
        Case("stride-2", _case(gen, 2, 2, 9, 9, 3, 2, 1)),
        Case("1x1", _case(gen, 1, 5, 4, 4, 1, 1, 0)),
        Case("one-channel", _case(gen, 3, 1, 6, 5, 3, 1, 1)),
        Case("5x5-odd", _case(gen, 1, 3, 11, 13, 5, 2, 2)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        k = int(torch.randint(1, 4, (), generator=gen)) * 2 - 1
        stride = int(torch.randint(1, 3, (), generator=gen))
        padding = int(torch.randint(0, k // 2 + 1, (), generator=gen))
        h, w = (int(v) for v in torch.randint(k, k + 9, (2,), generator=gen))
        c = int(torch.randint(1, 6, (), generator=gen))
        cases.append(Case(f"random-{i}", _case(gen, 2, c, h, w, k, stride, padding)))
    return cases
