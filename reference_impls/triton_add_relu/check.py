"""Trusted checker data for `triton_add_relu` (imported by the grader only)."""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("x", "y", "out")


def oracle(x, y):
    return torch.relu(x + y)


def _pair(gen, n, dtype=torch.float32):
    return torch.randn(n, generator=gen).to(dtype), torch.randn(n, generator=gen).to(dtype)


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
    ]


def hidden_cases(gen, n):
    sizes = torch.randint(1, 30, (n,), generator=gen) * 128 + torch.randint(1, 128, (n,), generator=gen)
    return [KernelCase(f"random-{i}", _pair(gen, int(s))) for i, s in enumerate(sizes)]


def timing_case():
    return KernelCase("timing", (torch.empty(1 << 26, device="meta"), torch.empty(1 << 26, device="meta")))
