"""Trusted checker data for `softplus_function` (imported by the grader only)."""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase

PROBE = "function"


def oracle(x, grad_out):
    return torch.nn.functional.softplus(x), grad_out * torch.sigmoid(x)


def _call(name, x, gen):
    return ProbeCase(name, (x, torch.randn(x.shape, generator=gen, dtype=x.dtype)), spec={"kind": "call"})


def public_cases():
    gen = torch.Generator().manual_seed(0)
    f32, f64 = torch.float32, torch.float64
    return [
        _call("small-float64", torch.randn(7, generator=gen, dtype=f64), gen),
        _call("large-positive-float32", torch.tensor([20.0, 50.0, 88.5, 89.0, 100.0, 1000.0]), gen),
        _call("large-negative-float32", torch.tensor([-20.0, -50.0, -89.0, -100.0, -1000.0]), gen),
        _call("beyond-exp-range-float64", torch.tensor([-800.0, -710.0, -30.0, 30.0, 710.0, 800.0], dtype=f64), gen),
        _call("around-zero", torch.tensor([0.0, 1e-8, -1e-8, 0.5, -0.5], dtype=f64), gen),
        _call("2d-non-contiguous", torch.randn(6, 4, generator=gen, dtype=f32).t() * 30, gen),
        _call("empty", torch.empty(0), gen),
        ProbeCase("gradcheck-float64", (torch.randn(6, generator=gen, dtype=f64) * 3,), spec={"kind": "gradcheck"}),
        ProbeCase("gradcheck-float64-wide", (torch.linspace(-40, 40, 9, dtype=f64),), spec={"kind": "gradcheck"}),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        dtype = torch.float64 if i % 2 else torch.float32
        shape = torch.randint(1, 9, (int(torch.randint(1, 4, (), generator=gen)),), generator=gen).tolist()
        scale = [1.0, 10.0, 100.0, 1000.0][i % 4]
        cases.append(_call(f"random-{i}", torch.randn(shape, generator=gen, dtype=dtype) * scale, gen))
    return cases
