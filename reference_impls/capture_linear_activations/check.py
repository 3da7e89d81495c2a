"""Trusted checker data for `capture_linear_activations` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- hooks never removed -> the family's hooks-left check, every case.
- outputs stored without detach() -> requires_grad of each activation.
- named_children() (direct children only) -> nested-residual, parallel-branches.
- pre-hooks (inputs captured), positional or class-name keys -> every case (keys and shapes).
- hooks left behind when forward raises (no try/finally) -> needs family check: a case whose
  model raises in forward, then hooks counted.
- type(m) is nn.Linear (subclasses missed) -> needs family check: model_spec models with a
  subclass of nn.Linear.
- cleanup by _forward_hooks.clear() (the caller's own hooks deleted) -> needs family check: a
  model that already carries a hook, which must survive.
"""

import torch
from torch import nn

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "capture"


def oracle(model, x):
    acts, handles = {}, []
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            handles.append(m.register_forward_hook(lambda mod, args, out, name=name: acts.update({name: out.detach()})))
    try:
        model(x)
    finally:
        for h in handles:
            h.remove()
    return acts


def _direct_children_only(model, x):
    acts = {}
    handles = [m.register_forward_hook(lambda mod, args, out, name=name: acts.update({name: out.detach()}))
               for name, m in model.named_children() if isinstance(m, nn.Linear)]
    model(x)
    for h in handles:
        h.remove()
    return acts


DIAGNOSES = [(_direct_children_only, "children()/named_children() yield only the direct children; "
                                     "named_modules() walks every depth")]


def _case(name, spec, gen, batch):
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    x = torch.randn(batch, model_spec.dims(spec)[0], generator=gen)
    return SpecCase(name, (), spec={"model": spec, "state": model_spec.initial_state(spec, seed), "x": x},
                    label=f"{model_spec.render(spec)}, x{list(x.shape)}")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("flat", model_spec.stack(4, 2, 6, ["sequential"]), gen, 3),
        _case("nested-residual", model_spec.stack(5, 3, 4, ["residual", "sequential", "residual"], "Tanh"), gen, 4),
        _case("parallel-branches", model_spec.stack(3, 1, 5, ["parallel", "residual"], "GELU"), gen, 2),
        _case("batch-of-1", model_spec.stack(7, 2, 3, ["sequential", "parallel"]), gen, 1),
    ]


def hidden_cases(gen, n):
    return [_case(f"random-{i}", model_spec.random_model(gen, int(torch.randint(2, 9, (), generator=gen)), 3,
                                                         parallel=True, min_blocks=2), gen, 5) for i in range(n)]
