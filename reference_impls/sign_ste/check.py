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
- masking with masked_fill(|x| > 1, 0) or hardtanh's gradient (NaN keeps its gradient) -> contract
  values=nonfinite (wrong/masked_fill_gt, wrong/hardtanh_autograd).
- a float32 result for half or float64 x -> contract dtype (wrong/scalar_where_dtype).
- grad_output zeroed in place: an expanded grad_output (stride 0) -> contract grad_layout=expanded,
  and grad_output compared after backward as a value (wrong/inplace_grad_output).
"""

import torch

from dlprep.checkers.families.autograd import domain_cases
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


# ---------------------------------------------------------------- the stated domain (contract.yaml)

# |x| = 1 exactly and one step either side of it in every dtype the prompt allows, 0 and -0
_BOUNDARY = [-1.0, 1.0, 0.0, -0.0, 1.0 + 2**-7, 1.0 - 2**-8, -1.0 - 2**-7, -1.0 + 2**-8, 0.5, -3.0]
_NONFINITE = [float("nan"), float("inf"), float("-inf"), 0.5, -0.5, 2.0, -1.0]


def _values(regime):
    def draw(dims, gen):
        if regime == "boundary":
            return domain_cases.pick(_BOUNDARY, dims, gen)
        if regime == "nonfinite":  # |NaN| <= 1 is false: its gradient is 0, like inf's
            return domain_cases.pick(_NONFINITE, dims, gen)
        if regime == "outside":
            return torch.randn(dims, generator=gen, dtype=torch.float64) * 1e3
        return torch.randn(dims, generator=gen, dtype=torch.float64) * 2
    return draw


def contract_case(point, gen):
    """x of any float dtype, rank, size and layout, values at the boundary |x| = 1, NaN and inf
    included; grad_output contiguous, expanded or transposed."""
    dims = domain_cases.shape(int(point["rank"]), point["size"], gen)
    x = domain_cases.laid_out(dims, point["dtype"], point["layout"], _values(point["values"]), gen)
    grad_out = domain_cases.laid_out(dims, point["dtype"], point["grad_layout"], _values("normal"), gen)
    return ProbeCase("contract", (x, grad_out), spec={"kind": "call"})
