"""Trusted checker data for `triton_vector_add` (imported by the grader only)."""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("x", "y", "out")


def oracle(x, y):
    return x + y


def _pair(gen, n, dtype=torch.float32):
    return torch.randn(n, generator=gen).to(dtype), torch.randn(n, generator=gen).to(dtype)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        KernelCase("n=1", _pair(gen, 1)),
        KernelCase("n=1023", _pair(gen, 1023)),
        KernelCase("n=1024", _pair(gen, 1024)),
        KernelCase("n=1025", _pair(gen, 1025)),
        KernelCase("n=3001-float16", _pair(gen, 3001, torch.float16)),
        KernelCase("empty", _pair(gen, 0)),
    ]


def hidden_cases(gen, n):
    # sizes that are multiples of no power of two: every block size leaves a tail
    sizes = torch.randint(1, 40, (n,), generator=gen) * 128 + torch.randint(1, 128, (n,), generator=gen)
    return [KernelCase(f"random-{i}", _pair(gen, int(s))) for i, s in enumerate(sizes)]


def timing_case():
    return KernelCase("timing", (torch.empty(1 << 26, device="meta"), torch.empty(1 << 26, device="meta")))
