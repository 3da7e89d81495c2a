"""Trusted checker data for `sign_ste` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- no gating, the true derivative (zeros), gating on the saved output -> exact-points, all-outside.
- the boundary |x| = 1 excluded -> exact-points (holds -1.0 and 1.0).
- the gradient's values clamped instead of gated on x -> exact-points.
- the detach trick instead of an autograd.Function -> the family's is-a-Function and grad_fn checks.
- dtype, layout, empty -> float64, 2d-non-contiguous, empty.
- x overwritten in forward (x.sign_()) -> the function probe compares x after apply with a copy
  taken before (wrong/forward_sign_inplace).
- grad_output modified in place in backward (indexed assignment, masked_fill_) -> the probe hands
  backward a grad_output and requires it unchanged afterwards (wrong/mutates_grad_output,
  wrong/masked_fill_grad_output).
- @staticmethod left off forward or backward (torch still calls them on the class, so the values
  are right) -> the family reads the class and reports every Function method that is not static.
- x (or the window mask) kept as a ctx attribute instead of save_for_backward -> the probe lists
  the tensors among the ctx's attributes, setup_context included (wrong/ctx_attribute,
  wrong/ctx_mask_setup_context).
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
