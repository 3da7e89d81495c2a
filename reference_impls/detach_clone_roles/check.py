"""Trusted checker data for `detach_clone_roles` (imported by the grader only)."""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase

PROBE = "tensor"


def oracle(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(),
    }


def label(x):
    return f"x{list(x.shape)} {str(x.dtype).removeprefix('torch.')}, a leaf with requires_grad=True"


def _case(name, x):
    return ProbeCase(name, (x,), spec={"grad_args": [0]})


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("vector", torch.randn(5, generator=gen)),
        _case("matrix", torch.randn(3, 4, generator=gen)),
        _case("non-contiguous", torch.randn(4, 3, generator=gen).t()),
        _case("scalar", torch.tensor(2.5)),
        _case("float64", torch.randn(2, 3, generator=gen, dtype=torch.float64)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        shape = torch.randint(1, 6, (int(torch.randint(1, 4, (), generator=gen)),), generator=gen).tolist()
        cases.append(_case(f"random-{i}", torch.randn(shape, generator=gen)))
    return cases
