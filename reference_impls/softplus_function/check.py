"""Trusted checker data for `softplus_function` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- exp(x) overflow in forward or backward (inf, inf/inf = nan) -> large-positive-float32,
  beyond-exp-range-float64, hidden cases scaled to 1000.
- the chain rule dropped, or sigmoid taken of the output -> small-float64.
- the log1p(e^-x) term dropped for x >= 0 -> small-float64, around-zero.
- float32 arithmetic for float64 input -> gradcheck-float64.
- torch's threshold shortcut (x itself above 20; a 2e-9 jump) -> gradcheck-float64-wide (x = 20).
- dtype, layout, empty -> 2d-non-contiguous, empty, float32/float64 cases.
- grad_output modified in place (mul_) -> grad_output handed in and required unchanged after
  backward (wrong/mutates_grad_output).
- @staticmethod left off forward or backward (torch still calls them on the class, so the values
  are right) -> the family reads the class and reports every Function method that is not static.
- x kept as ctx.x instead of save_for_backward -> tensors among the ctx's attributes
  (wrong/ctx_attribute).
- x clamped in place in forward -> x compared after apply (wrong/clamp_input_inplace).
- torch's softplus reached through getattr (no source rule sees it) -> aten ops traced at the
  dispatcher while forward and backward run (wrong/aten_via_getattr).
- x kept as a ctx attribute -> besides the reported ctx fact, backward after x is changed in place
  must raise or give the gradient at the original x (verified; wrong/ctx_attribute_x).
- 0-dim x broadcast to shape (1,) (logaddexp against zeros(1)) -> contract rank=0 (wrong/logaddexp_shape1).
- log(1 + e^x) or 1 - e^(-y) where 1 + e^x rounds (x from -12 to -16 in float32: outputs of 6e-6
  to 1e-7, off by 1-20%) -> small-negative-float32, a tensor of only such values (mixed with larger
  ones, the relative norm dilutes them and the verdict would hang on the draw: the rank-0 thresholds
  case caught them one seed in several) (wrong/textbook_log, wrong/grad_one_minus_ratio,
  wrong/logsumexp_forward, wrong/sigmoid_one_minus_exp).
- (not a mistake) outputs/gradients far below atol that round to 0 (x = -20 and below in float32)
  -> compare's per-element absolute floor keeps them out of the relative norm.
"""

import torch

from dlprep.checkers.families.autograd import domain_cases
from dlprep.checkers.families.autograd.judge import ProbeCase

PROBE = "function"
# "torch's own softplus is off limits": every spelling (F.softplus, nn.Softplus, getattr, torch.ops.aten)
# reaches the dispatcher as these ops, which the child traces while forward and backward run.
PROBE_OPTIONS = {"trace_forbidden_ops": ["softplus", "softplus_backward"]}


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
        _call("small-negative-float32", torch.tensor([-16.0, -15.0, -14.0, -13.0, -12.0]), gen),
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


# ---------------------------------------------------------------- the stated domain (contract.yaml)

_THRESHOLDS = [0.0, 15.0, 19.9, 20.0, 20.5, 30.0, 88.0, 88.7, 89.0, 100.0, 709.0, 710.0, 800.0, 1000.0, 5000.0]


def _values(regime):
    def draw(dims, gen):
        if regime == "thousands":
            return torch.randn(dims, generator=gen, dtype=torch.float64) * 2000
        if regime == "thresholds":  # where torch switches formula and where e^x overflows, either sign
            sign = torch.randint(0, 2, dims, generator=gen).to(torch.float64) * 2 - 1
            return domain_cases.pick(_THRESHOLDS, dims, gen) * sign
        if regime == "near_zero":
            return torch.randn(dims, generator=gen, dtype=torch.float64) * 1e-6
        return torch.randn(dims, generator=gen, dtype=torch.float64) * 3
    return draw


def contract_case(point, gen):
    """x of any float dtype, rank, size and layout, values up to the thousands and at the
    thresholds where formulas switch or overflow; grad_output contiguous, expanded or transposed."""
    dims = domain_cases.shape(int(point["rank"]), point["size"], gen)
    x = domain_cases.laid_out(dims, point["dtype"], point["layout"], _values(point["values"]), gen)
    grad_out = domain_cases.laid_out(dims, point["dtype"], point["grad_layout"], _values("normal"), gen)
    return ProbeCase("contract", (x, grad_out), spec={"kind": "call"})
