"""Trusted checker data for `triton_softmax` (imported by the grader only)."""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("x", "out")


def oracle(x):
    return torch.softmax(x, dim=-1)


def _rows(gen, m, n, scale=1.0, shift=0.0):
    return (torch.randn(m, n, generator=gen) * scale + shift,)


def public_cases():
    gen = torch.Generator().manual_seed(2)
    return [
        KernelCase("1x1", _rows(gen, 1, 1)),
        KernelCase("3x7-padded", _rows(gen, 3, 7), in_pad=3, out_pad=5),
        KernelCase("2x1025-padded", _rows(gen, 2, 1025), in_pad=7, out_pad=1),
        KernelCase("4x100", _rows(gen, 4, 100)),
        # exp(1000) overflows float32: only the max-subtracted form stays finite
        KernelCase("large-values", _rows(gen, 3, 33, scale=30.0, shift=1000.0), in_pad=2, out_pad=4),
        KernelCase("very-negative", _rows(gen, 2, 50, scale=5.0, shift=-500.0)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        m = int(torch.randint(1, 6, (), generator=gen))
        cols = int(torch.randint(2, 1200, (), generator=gen))
        pad = int(torch.randint(1, 9, (), generator=gen))
        cases.append(KernelCase(f"random-{i}", _rows(gen, m, cols, scale=10.0), in_pad=pad, out_pad=pad + 2))
    return cases


def timing_case():
    return KernelCase("timing", (torch.empty(8192, 4096, device="meta"),))
