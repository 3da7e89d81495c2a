"""Trusted checker data for `backward_hook_order` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- forward hooks (forward order) -> sequential (diagnosed).
- named_modules() reversed -> branches-called-out-of-order and the hidden swapped branch pair.
- only Linear layers hooked, or containers hooked too -> sequential (activations, blocks).
- class names instead of module names -> every case.
- hooks left registered -> the family's hooks-left check.
- a leaf whose input needs no gradient dropped (grad_input is (None,)) -> contract x_grad no.
- x made to require grad (so parameter-free leaves on x fire when they would not), or only leaves
  with parameters / torch.nn's own types hooked -> contract model input_leaves (a custom Rescale
  with no parameter, and Identity, applied to x; another Rescale further in).
- one module under two parents walked without dedup or named by its last path -> contract model
  shared.
- the legacy register_backward_hook, tensor hooks on outputs, or forward order reversed (which
  equals the engine's order on these models) -> FULL_BACKWARD_HOOKS: the probe records the kinds of
  module backward hooks registered when backward starts: full ones (per module or global), never legacy
  (wrong/legacy_backward_hook, wrong/output_tensor_hooks, wrong/forward_order_reversed).
"""

import torch

from dlprep.checkers.families import model_spec
from dlprep.checkers.families.probe_family import SpecCase

PROBE = "backward_order"


def _leaves(model):
    return [(name, m) for name, m in model.named_modules() if next(m.children(), None) is None]


def oracle(model, x):
    fired = []
    handles = [m.register_full_backward_hook(lambda mod, gin, gout, name=name: fired.append(name))
               for name, m in _leaves(model)]
    try:
        model(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return fired


def _forward_order(model, x):
    fired = []
    handles = [m.register_forward_hook(lambda mod, args, out, name=name: fired.append(name))
               for name, m in _leaves(model)]
    model(x).sum().backward()
    for h in handles:
        h.remove()
    return fired


def _reversed_registration(model, x):
    return [name for name, _ in reversed(_leaves(model))]


DIAGNOSES = [
    (_forward_order, "that is the forward order: forward hooks fire as modules run forward; backward hooks "
                     "fire as gradients flow back, from the output towards the input"),
    (_reversed_registration, "that is named_modules() reversed; the engine runs a node once all of its gradients "
                             "have arrived, the most recently created of the ready ones first, so a forward that "
                             "calls its children in another order than __init__ registered them changes the order"),
]


def _case(name, spec, gen, batch=3):
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    x = torch.randn(batch, model_spec.dims(spec)[0], generator=gen)
    return SpecCase(name, (), spec={"model": spec, "state": model_spec.initial_state(spec, seed), "x": x},
                    label=model_spec.render(spec))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("sequential", model_spec.stack(4, 2, 6, ["sequential"]), gen),
        _case("residual-blocks", model_spec.stack(3, 1, 5, ["residual", "residual"], "Tanh"), gen),
        _case("branches-called-out-of-order", model_spec.stack(5, 2, 4, ["swapped", "sequential"], "GELU"), gen),
        _case("batch-of-1", model_spec.stack(2, 3, 3, ["sequential", "parallel", "swapped", "residual"]), gen, batch=1),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        spec = model_spec.random_model(gen, int(torch.randint(2, 7, (), generator=gen)), 2, parallel=True, min_blocks=2)
        spec["children"]["encoder"]["children"].append({"type": "Parallel", "order": ["right", "left"], "children": {
            "left": model_spec.linear(spec["children"]["head"]["in"], spec["children"]["head"]["in"]),
            "right": {"type": "GELU"}}})  # at least one branch pair called out of order
        cases.append(_case(f"random-{i}", spec, gen))
    return cases


FULL_BACKWARD_HOOKS = True  # the prompt names register_full_backward_hook


def contract_case(point, gen):
    """Every model shape the prompt states (swapped branches, a leaf called twice, Identity and
    custom leaves, a dropped child whose hook never fires, nested `attn.q` names), batches 1 to 200."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    spec = model_spec.contract_model(point["model"], gen, pick(2, 8), pick(1, 4))
    batch = {"several": pick(2, 9), "one": 1, "large": pick(100, 200)}[point["batch"]]
    case = _case("contract", spec, gen, batch=batch)
    case.spec["x_grad"] = point["x_grad"] == "yes"
    if not case.spec["x_grad"]:
        case.label += ", x without grad"
    return case
