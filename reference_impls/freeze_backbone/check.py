"""Trusted checker data for `freeze_backbone` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; facts from the optimizer probe):
- eval() taken for freezing -> requires_grad facts, every case.
- only direct children, or parameters(recurse=False), frozen -> nested-backbone, flat-backbone.
- the backbone's children iterated (`for m in model.backbone`) instead of its parameters, which
  misses parameters the backbone module holds itself (and needs a Sequential) -> linear-backbone
  (the backbone is one Linear: no children, only its own weight and bias).
- frozen parameters handed to the optimizer (all of them, or a list built before freezing)
  -> the frozen-in-optimizer fact.
- momentum or weight decay left out -> the param_groups settings fact.
- the backbone picked by name prefix: "backbone." misses a tied weight that named_parameters() lists
  under its head name (contract order head_first); "backbone" without the dot also takes the
  model's own `backbone_gain` (contract own_params backbone_named).
- the backbone moving during training -> backbone weights compared after the steps.
"""

import torch

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "optimizer"
HINTS = {
    "requires_grad": "(eval() or Dropout change how layers compute, not whether they are trained; "
                     "requires_grad_(False) on every parameter of model.backbone, at any depth, does)",
    "frozen_in_optimizer": "(filter on p.requires_grad: then param_groups hold exactly what is trained; an "
                           "optimizer holding frozen tensors updates them again, weight decay included, as soon "
                           "as a gradient reaches them, e.g. once requires_grad is switched back on)",
}


def oracle(model, lr):
    for p in model.backbone.parameters():
        p.requires_grad_(False)
    return torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr, momentum=0.9,
                           weight_decay=1e-4)


def _model(backbone_blocks, d_in, width, head_hidden):
    backbone = model_spec.stack(d_in, width, width, backbone_blocks)["children"]["encoder"]
    head = (model_spec.linear(width, 2) if not head_hidden else
            {"type": "Sequential", "children": [model_spec.linear(width, head_hidden), {"type": "ReLU"},
                                                model_spec.linear(head_hidden, 2)]})
    return {"type": "Block", "children": {"backbone": backbone, "head": head}}


def _case(name, gen, spec, lr=0.1, steps=3, batch=6):
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    d_in, d_out = model_spec.dims(spec)
    batches = [[torch.randn(batch, d_in, generator=gen), torch.randn(batch, d_out, generator=gen)]
               for _ in range(steps)]
    return SpecCase(name, (lr,), spec={"model": spec, "state": model_spec.initial_state(spec, seed),
                                       "batches": batches, "seed": 0},
                    label=f"{model_spec.render(spec)}, lr={lr}")


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("flat-backbone", gen, _model([], 4, 5, 0)),
        _case("nested-backbone", gen, _model(["residual", "sequential"], 3, 4, 0)),
        _case("two-layer-head", gen, _model(["sequential"], 5, 6, 3), lr=0.05),
        _case("one-step", gen, _model(["residual"], 2, 3, 4), steps=1),
        _case("linear-backbone", gen, {"type": "Block", "children": {"backbone": model_spec.linear(4, 5),
                                                                     "head": model_spec.linear(5, 2)}}),
    ]


def hidden_cases(gen, n):
    def draw(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))

    cases = []
    for i in range(n):
        blocks = [["residual", "sequential"][draw(0, 1)] for _ in range(draw(1, 3))]
        spec = _model(blocks, d_in=draw(2, 6), width=draw(3, 6), head_hidden=draw(0, 4))
        cases.append(_case(f"random-{i}", gen, spec, lr=[0.01, 0.05, 0.1][i % 3]))
    return cases


def contract_case(point, gen):
    """Backbones nested, flat or one Linear; heads of one or two layers or a Block whose child is
    named `from_backbone`; parameters the model holds itself (trainable), one of them named
    `backbone_gain`; a weight tied between backbone and head (frozen); head registered before
    backbone; lr by position or keyword; one or several training steps."""
    def draw(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    tied = point["tie"] == "tied"
    width = draw(3, 6)
    d_in = width if tied else draw(2, 6)  # tied: the backbone's first weight is width x width
    backbone = (model_spec.linear(d_in, width) if point["backbone"] == "linear" else
                model_spec.stack(d_in, width, width, ["residual", "sequential"] if point["backbone"] == "nested"
                                 else [])["children"]["encoder"])
    hidden = width if tied else draw(2, 5)
    head = {"linear": model_spec.linear(width, 2),
            "two_layer": {"type": "Sequential", "children": [model_spec.linear(width, hidden), {"type": "ReLU"},
                                                             model_spec.linear(hidden, 2)]},
            "named_from_backbone": {"type": "Block", "children": {
                "from_backbone": model_spec.linear(width, hidden), "act": {"type": "ReLU"},
                "out": model_spec.linear(hidden, 2)}}}[point["head"]]
    spec = {"type": "Block", "children": {"backbone": backbone, "head": head}}
    if point["order"] == "head_first":
        # registered head first, run backbone first: named_parameters() lists a tied weight under
        # its head name, so a filter on the "backbone." prefix leaves it trainable
        spec["children"] = {"head": head, "backbone": backbone}
        spec["order"] = ["backbone", "head"]
    if point["own_params"] == "top_level":
        spec["params"] = {"temperature": [1], "scale": [2]}
    elif point["own_params"] == "backbone_named":
        # the model's own, trainable, named like the backbone: a prefix test without the dot drops it
        spec["params"] = {"backbone_gain": [2], "temperature": [1]}
    if tied:
        src = "backbone.weight" if point["backbone"] == "linear" else "backbone.0.weight"
        dst = "head.0.weight" if point["head"] == "two_layer" else "head.from_backbone.weight"
        spec["ties"] = [[dst, src]]
    lr = [0.01, 0.05, 0.1][draw(0, 2)]
    case = _case("contract", gen, spec, lr=lr, steps=3 if point["steps"] == "several" else 1)
    if point["call"] == "keyword":
        case.args, case.kwargs = (), {"lr": lr}
    return case
