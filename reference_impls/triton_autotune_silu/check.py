"""Trusted checker data for `triton_autotune_silu` (imported by the grader only).

The family runs every case once per autotune config (pinning the autotuner to one config at a
time), so a config that is wrong is caught even when the tuner would not have picked it.
"""

import torch

from dlprep.checkers.families.triton.judge import KernelCase

ARG_NAMES = ("x", "out")


def oracle(x):
    return torch.nn.functional.silu(x)


def _vec(gen, n, scale=3.0):
    return (torch.randn(n, generator=gen) * scale,)


def public_cases():
    gen = torch.Generator().manual_seed(5)
    return [
        KernelCase("n=1", _vec(gen, 1)),
        KernelCase("n=1000", _vec(gen, 1000)),
        KernelCase("n=1025", _vec(gen, 1025)),
        # sigmoid(-100) underflows to 0 and sigmoid(100) rounds to 1: silu must stay finite
        KernelCase("n=2051-large", _vec(gen, 2051, scale=40.0)),
    ]


def hidden_cases(gen, n):
    sizes = torch.randint(1, 20, (n,), generator=gen) * 256 + torch.randint(1, 256, (n,), generator=gen)
    return [KernelCase(f"random-{i}", _vec(gen, int(s))) for i, s in enumerate(sizes)]


def timing_case():
    return KernelCase("timing", (torch.empty(1 << 26, device="meta"),))
