"""Trusted checker data for `input_pre_hook` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; facts from the pre_hook probe):
- a forward hook scaling the output, or a pre-hook that rebinds args and returns None
  -> the input the layer received, every case.
- the input scaled in place (the caller's tensor changes) -> the model-input-unchanged fact.
- the hook on the model instead of the named layer, or an extra hook whose handle is not
  returned -> the hooks-registered fact (exactly one pre-hook on the target).
- the input detached before scaling (gradients to earlier layers cut) -> inside-residual-block,
  one-branch (parameter gradients compared).
- a negative or fractional scale -> one-branch (-1.5), inside-residual-block (0.5).
"""

import torch
from torch import nn

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "pre_hook"


def oracle(model, name, scale):
    return model.get_submodule(name).register_forward_pre_hook(lambda module, args: (args[0] * scale,))


def _linear_names(spec):
    return [n for n, m in model_spec.skeleton(spec).named_modules() if isinstance(m, nn.Linear)]


def _case(name, spec, target, scale, gen, batch=3):
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    d_in, d_out = model_spec.dims(spec)
    return SpecCase(name, (scale,), spec={
        "model": spec, "state": model_spec.initial_state(spec, seed), "target": target,
        "x": torch.randn(batch, d_in, generator=gen), "grad_out": torch.randn(batch, d_out, generator=gen)},
        label=f"{model_spec.render(spec)}; hook on {target}, scale {scale}")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    nested = model_spec.stack(4, 2, 5, ["residual", "sequential"], "Tanh")
    branches = model_spec.stack(3, 2, 4, ["parallel"], "GELU")
    return [
        _case("first-layer", model_spec.stack(4, 2, 6, ["sequential"]), "encoder.0", 2.0, gen),
        _case("inside-residual-block", nested, "encoder.2.fc", 0.5, gen),
        _case("one-branch", branches, "encoder.2.right.0", -1.5, gen),
        _case("head", nested, "head", 3.0, gen, batch=1),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        spec = model_spec.random_model(gen, int(torch.randint(2, 7, (), generator=gen)), 2, parallel=True)
        names = _linear_names(spec)
        target = names[int(torch.randint(0, len(names), (), generator=gen))]
        scale = round(float(torch.empty(()).uniform_(0.25, 4.0, generator=gen)), 3)
        cases.append(_case(f"random-{i}", spec, target, scale, gen))
    return cases


def contract_case(point, gen):
    """Every model shape the prompt states; the hook on the first Linear, the most deeply nested one
    or the head; scales positive, negative, fractional or zero; batches of 1 to 200."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    spec = model_spec.contract_model(point["model"], gen, pick(2, 8), pick(1, 4))
    names = _linear_names(spec)
    target = {"first": names[0], "deepest": max(names, key=lambda n: n.count(".")), "head": "head"}[point["target"]]
    scale = {"positive": round(float(torch.empty(()).uniform_(1.5, 4.0, generator=gen)), 3),
             "negative": -round(float(torch.empty(()).uniform_(0.25, 3.0, generator=gen)), 3),
             "fraction": round(float(torch.empty(()).uniform_(0.05, 0.9, generator=gen)), 3),
             "zero": 0.0}[point["scale"]]
    batch = {"several": pick(2, 9), "one": 1, "large": pick(100, 200)}[point["batch"]]
    return _case("contract", spec, target, scale, gen, batch=batch)
