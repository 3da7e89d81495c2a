"""Trusted checker data for `channels_last`: contiguous(memory_format=channels_last) is the oracle."""

import torch

from dlprep.checkers.base import Case


def oracle(x):
    return x.contiguous(memory_format=torch.channels_last)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(2, 3, 4, 5, generator=gen)
    return [
        Case("nchw", (x,)),
        Case("already-channels-last", (x.contiguous(memory_format=torch.channels_last),)),
        Case("one-channel", (torch.randn(2, 1, 3, 3, generator=gen),)),
        Case("one-pixel", (torch.randn(3, 4, 1, 1, generator=gen),)),
        Case("transposed-hw", (torch.randn(1, 2, 5, 3, generator=gen).transpose(2, 3),)),
        Case("batch-one", (torch.randn(1, 8, 2, 2, generator=gen),)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        shape = torch.randint(1, 6, (4,), generator=gen).tolist()
        cases.append(Case(f"random-{i}", (torch.randn(*shape, generator=gen),)))
    return cases
