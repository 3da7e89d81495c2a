"""Trusted checker data for `sign_ste` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- no gating, the true derivative (zeros), gating on the saved output -> exact-points, all-outside.
- the boundary |x| = 1 excluded -> exact-points (holds -1.0 and 1.0).
- the gradient's values clamped instead of gated on x -> exact-points.
- the detach trick instead of an autograd.Function -> the family's is-a-Function and grad_fn checks.
- dtype, layout, empty -> float64, 2d-non-contiguous, empty.
- x overwritten in forward (x.sign_()) -> needs family check: the function probe must compare the
  inputs after the call.
- grad_output modified in place in backward -> needs family check: hand in a grad_output and
  require it unchanged (a shared upstream gradient is corrupted otherwise).
- x kept as ctx.x instead of save_for_backward -> needs family check: saved tensors seen through
  torch.autograd.graph.saved_tensors_hooks.
"""

import torch

from dlprep.checkers.families.autograd.judge import ProbeCase

PROBE = "function"


def oracle(x, grad_out):
    # The straight-through estimator of BinaryConnect: d sign(x)/dx is taken to be 1 on |x| <= 1.
    return torch.sign(x), grad_out * (x.abs() <= 1).to(x.dtype)


def _call(name, x, gen):
    return ProbeCase(name, (x, torch.randn(x.shape, generator=gen, dtype=x.dtype)), spec={"kind": "call"})


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _call("exact-points", torch.tensor([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0]), gen),
        _call("float64", torch.randn(9, generator=gen, dtype=torch.float64) * 2, gen),
        _call("2d-non-contiguous", (torch.randn(5, 3, generator=gen) * 2).t(), gen),
        _call("all-outside", torch.tensor([-5.0, 1.5, 2.0, -1.01]), gen),
        _call("empty", torch.empty(0, 4), gen),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        dtype = torch.float64 if i % 2 else torch.float32
        shape = torch.randint(1, 9, (int(torch.randint(1, 4, (), generator=gen)),), generator=gen).tolist()
        cases.append(_call(f"random-{i}", torch.randn(shape, generator=gen, dtype=dtype) * 2, gen))
    return cases
