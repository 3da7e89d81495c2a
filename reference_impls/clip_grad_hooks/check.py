"""Trusted checker data for `clip_grad_hooks` (imported by the grader only).

The oracle does not use hooks at all: it takes each micro-batch's gradients with
torch.autograd.grad, clamps them, and sums them into .grad itself.

Threat list (how a candidate gets this wrong -> what kills it):
- a hook that returns None (gradient unchanged) -> every case (diagnosed).
- the accumulated sum clamped (by hand, or with a post-accumulate-grad hook) instead of each
  micro-batch -> three-micro-batches, nested-modules.
- zero_grad() between micro-batches -> three-micro-batches.
- only weights hooked, biases unclipped -> one-batch, no-bias-layer.
- hooks left registered -> the family's hooks-left check.
- the gradient clamped in place inside the hook (a hook must not modify its argument; it raises
  when the gradient arrives expanded, as for a parameter that is summed directly) -> the probe's own
  tensor hook, registered first on every parameter, keeps each gradient with a copy; any
  difference afterwards fails (wrong/clamps_in_place, wrong/clamp_out_param).
"""

import torch
from torch.nn import functional as F

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "grad_clip"


def _accumulate(model, batches, clip, per_batch, at_end):
    params = list(model.parameters())
    total = [torch.zeros_like(p) for p in params]
    for x, y in batches:
        grads = torch.autograd.grad(F.mse_loss(model(x), y), params)
        total = [t + per_batch(g) for t, g in zip(total, grads, strict=True)]
    for p, t in zip(params, total, strict=True):
        p.grad = at_end(t)


def oracle(model, batches, clip):
    _accumulate(model, batches, clip, lambda g: g.clamp(-clip, clip), lambda t: t)


def _unclipped(model, batches, clip):
    _accumulate(model, batches, clip, lambda g: g, lambda t: t)


def _clipped_sum(model, batches, clip):
    _accumulate(model, batches, clip, lambda g: g, lambda t: t.clamp(-clip, clip))


DIAGNOSES = [
    (_unclipped, "it is the unclipped gradient: a tensor hook that returns None leaves the gradient as it was; "
                 "return the clamped tensor"),
    (_clipped_sum, "it is the clamped *sum* over all micro-batches: each backward's gradient must be clamped "
                   "before it is accumulated, which is what a hook registered on the parameter sees"),
]


def _case(name, spec, gen, n_batches, batch, clip):
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    d_in, d_out = model_spec.dims(spec)
    batches = [[torch.randn(batch, d_in, generator=gen), 3 * torch.randn(batch, d_out, generator=gen)]
               for _ in range(n_batches)]
    return SpecCase(name, (clip,), spec={"model": spec, "state": model_spec.initial_state(spec, seed),
                                         "batches": batches},
                    label=f"{model_spec.render(spec)}; {n_batches} micro-batches of {batch}, clip {clip}")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("one-batch", model_spec.stack(4, 2, 6, ["sequential"]), gen, 1, 8, 0.05),
        _case("three-micro-batches", model_spec.stack(3, 1, 5, ["residual"], "Tanh"), gen, 3, 4, 0.1),
        _case("nested-modules", model_spec.stack(5, 3, 4, ["parallel", "sequential"], "GELU"), gen, 2, 6, 0.02),
        _case("no-bias-layer", {"type": "Sequential", "children": [
            model_spec.linear(3, 4, bias=False), {"type": "ReLU"}, model_spec.linear(4, 2)]}, gen, 2, 5, 0.1),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        spec = model_spec.random_model(gen, int(torch.randint(2, 7, (), generator=gen)), 2, parallel=True)
        clip = [0.02, 0.05, 0.1, 0.2][int(torch.randint(0, 4, (), generator=gen))]
        cases.append(_case(f"random-{i}", spec, gen, int(torch.randint(2, 5, (), generator=gen)), 4, clip))
    return cases


def contract_case(point, gen):
    """Every model shape the prompt states (no dropped child: every parameter gets a gradient), 1,
    a few or 6 micro-batches of 1 or several rows, a clip that bites hard, partly, or never."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    spec = model_spec.contract_model(point["model"], gen, pick(2, 7), pick(1, 3), aux=False)
    n_batches = {"several": pick(2, 4), "one": 1, "many": 6}[point["micro_batches"]]
    rows = {"several": pick(2, 8), "one": 1}[point["rows"]]
    clip = {"tight": 0.01, "mid": [0.05, 0.1, 0.2][pick(0, 2)], "loose": 1e4}[point["clip"]]
    return _case("contract", spec, gen, n_batches, rows, clip)
