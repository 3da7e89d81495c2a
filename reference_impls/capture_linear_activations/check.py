"""Trusted checker data for `capture_linear_activations` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it):
- hooks never removed -> the family's hooks-left check, every case.
- outputs stored without detach() -> requires_grad of each activation.
- named_children() (direct children only) -> nested-residual, parallel-branches.
- pre-hooks (inputs captured), positional or class-name keys -> every case (keys and shapes).
- hooks left behind when forward raises (no try/finally) -> forward-raises (the model's last
  layer raises; the hooks are counted after the exception) (wrong/no_finally,
  wrong/cleanup_after_return).
- type(m) is nn.Linear, or matching the class name "Linear" (subclasses missed) -> linear-subclass
  and hidden cases hold model_spec.LoRALinear layers (wrong/exact_type, wrong/class_name_match).
- cleanup only for one exception type (except RuntimeError), or only for Exception (except
  Exception) -> contract raises draw RuntimeError, ValueError or model_spec.LayerAbort, a
  BaseException that is no Exception (like KeyboardInterrupt).
- one module under two parents walked without named_modules()'s dedup (two keys) or named by its
  last path -> contract model shared.
- Linear found by class name ("Linear" in the name) or only among leaves -> contract model subclass
  holds a LinearGate (no Linear) and a Projection (a Linear subclass with a child).
- model(x) run more than once, a model given in eval() left in train(), or a patched forward
  instead of forward hooks (same values) -> the probe counts forward calls, reports every module's
  mode afterwards and notes each Linear that ran with no forward hook on it (contract mode eval).
- cleanup by _forward_hooks.clear() (the caller's own hooks deleted) -> caller-hook: a hook
  registered before the call must survive it (wrong/clears_all_hooks).
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


DIAGNOSES = [("mutants/top_level_only", "children()/named_children() yield only the direct children; "
                                          "named_modules() walks every depth")]


def _case(name, spec, gen, batch, **extra):
    seed = int(torch.randint(0, 2**31, (), generator=gen))
    x = torch.randn(batch, model_spec.dims(spec)[0], generator=gen)
    return SpecCase(name, (), spec={"model": spec, "state": model_spec.initial_state(spec, seed), "x": x, **extra},
                    label=f"{model_spec.render(spec)}, x{list(x.shape)}")


def _subclassed(spec, every=2):
    """The same model with every `every`-th Linear (the first included) a LoRALinear subclass."""
    count = [0]

    def visit(node):
        if isinstance(node, dict):
            node = {k: visit(v) for k, v in node.items()}
            if node.get("type") == "Linear":
                if count[0] % every == 0:
                    node["subclass"] = True
                count[0] += 1
            return node
        if isinstance(node, list):
            return [visit(v) for v in node]
        return node
    return visit(spec)


def _raising(spec, error="RuntimeError"):
    """The model followed by a layer whose forward raises `error`."""
    return {"type": "Block", "children": {"body": spec, "fail": {"type": "Raise", "error": error}}}


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("flat", model_spec.stack(4, 2, 6, ["sequential"]), gen, 3),
        _case("nested-residual", model_spec.stack(5, 3, 4, ["residual", "sequential", "residual"], "Tanh"), gen, 4),
        _case("parallel-branches", model_spec.stack(3, 1, 5, ["parallel", "residual"], "GELU"), gen, 2),
        _case("batch-of-1", model_spec.stack(7, 2, 3, ["sequential", "parallel"]), gen, 1),
        _case("linear-subclass", _subclassed(model_spec.stack(4, 3, 5, ["residual", "parallel"])), gen, 2),
        _case("forward-raises", _raising(model_spec.stack(4, 2, 5, ["sequential", "residual"])), gen, 2, raises=True),
        _case("caller-hook", model_spec.stack(3, 2, 4, ["sequential"]), gen, 2, caller_hooks=["head", "encoder.0"]),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        d_in = int(torch.randint(2, 9, (), generator=gen))
        spec = model_spec.random_model(gen, d_in, 3, parallel=True, min_blocks=2)
        cases.append(_case(f"random-{i}", _subclassed(spec, every=3), gen, 5))
    return cases


def contract_case(point, gen):
    """Every model shape the prompt states (nested `attn.q` names, subclasses, a branch called
    twice, Identity/custom leaves and a dropped child), batches of 1 to 200, a forward that returns
    or raises, with or without hooks the caller registered first."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    spec = model_spec.contract_model(point["model"], gen, pick(2, 8), pick(1, 4))
    batch = {"several": pick(2, 9), "one": 1, "large": pick(100, 200)}[point["batch"]]
    extra = {}
    if point["caller_hooks"] == "some":
        names = [n for n, m in model_spec.skeleton(spec).named_modules() if n]
        extra["caller_hooks"] = [names[pick(0, len(names) - 1)], "head"]
    if point["mode"] == "eval":
        extra["eval"] = True
    if point["forward"] == "raises":
        spec = _raising(spec, ("RuntimeError", "ValueError", "LayerAbort")[pick(0, 2)])
        extra["raises"] = True
        extra["caller_hooks"] = [f"body.{n}" for n in extra.get("caller_hooks", [])]
    return _case("contract", spec, gen, batch, **extra)
