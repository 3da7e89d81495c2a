"""Trusted checker data for `triton_matmul` (imported by the grader only).

Sizes stay small: the interpreter runs every program's tl.dot one after another in Python.
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("a", "b", "out")


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
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        m, k, cols = (int(v) for v in torch.randint(1, 48, (3,), generator=gen))
        cases.append(KernelCase(f"random-{i}", _pair(gen, m, k, cols), in_pad=i + 1, out_pad=i + 2))
    return cases


def timing_case():
    return KernelCase("timing", (torch.empty(4096, 4096, device="meta"), torch.empty(4096, 4096, device="meta")))
