"""Trusted checker data for `triton_layernorm` (imported by the grader only)."""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("x", "weight", "bias", "eps", "out")


def oracle(x, weight, bias, eps):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), weight, bias, eps)


def _case(gen, m, n, shift=0.0, eps=1e-5):
    x = torch.randn(m, n, generator=gen) * 2.0 + shift
    return x, torch.randn(n, generator=gen), torch.randn(n, generator=gen), eps


def public_cases():
    gen = torch.Generator().manual_seed(4)
    return [
        KernelCase("1x1", _case(gen, 1, 1)),
        KernelCase("3x7-padded", _case(gen, 3, 7), in_pad=3, out_pad=5),
        KernelCase("2x1025-padded", _case(gen, 2, 1025), in_pad=1, out_pad=6),
        # a large common offset: the mean must be taken over the row's n elements only
        KernelCase("4x100-offset", _case(gen, 4, 100, shift=50.0)),
        KernelCase("2x64-eps", _case(gen, 2, 64, eps=0.1)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        m = int(torch.randint(1, 5, (), generator=gen))
        cols = int(torch.randint(2, 1100, (), generator=gen))
        cases.append(KernelCase(f"random-{i}", _case(gen, m, cols, shift=3.0), in_pad=i + 1, out_pad=i + 4))
    return cases


def timing_case():
    return KernelCase("timing", (torch.empty(8192, 4096, device="meta"), torch.empty(4096, device="meta"),
                                 torch.empty(4096, device="meta"), 1e-5))
