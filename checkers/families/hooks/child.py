"""Child side of the hooks family: probes that hand a grader-built model to the user's function and
record what its hooks did and which hooks are still registered afterwards (see hooks.py)."""

from __future__ import annotations

import warnings
from typing import Any

import torch
from torch.nn.modules import module as _module_mod
from torch.utils.hooks import RemovableHandle

from dlprep.checkers.families import model_spec, probe_family
from dlprep.checkers.sandbox import harness

_TENSOR = torch.Tensor
_HANDLE = RemovableHandle
_clone = torch.Tensor.clone
_detach = torch.Tensor.detach
_mse = torch.nn.functional.mse_loss
_register_forward_hook = torch.nn.Module.register_forward_hook
_register_forward_pre_hook = torch.nn.Module.register_forward_pre_hook
_register_hook = torch.Tensor.register_hook
_Linear = torch.nn.Linear

# backward_order's cases where x needs no gradient are meant: torch's advice that the first leaf's
# full backward hook then sees grad_input (None,) would otherwise print once per grading.
warnings.filterwarnings("ignore", message="Full backward hook is firing when gradients are computed with respect "
                        "to module outputs", category=UserWarning)


def _model(case: dict[str, Any]) -> torch.nn.Module:
    return model_spec.load(case["model"], case["state"])


def _callers_hook(module: torch.nn.Module, args: Any, output: Any) -> None:
    """A hook the caller had registered before the user's function ran: it must still be there."""


def _forward_hooks_on(m: torch.nn.Module) -> int:
    return len(vars(m).get("_forward_hooks") or {}) + len(_module_mod._global_forward_hooks)


def capture_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """`fn(model, x)` returns captured activations; report them and the hooks left behind. A case
    may first register hooks of its own (`caller_hooks`, names of submodules), may hand over a model
    in eval mode (`eval`: the modes afterwards are reported), and may use a model whose forward
    raises (`raises`): then what `fn` raised and the hooks left are reported. Our own pre-hooks,
    there only while `fn` runs, count the model's forward calls and note each Linear that ran with
    no forward hook beyond the caller's on it (the prompt asks for forward hooks, and a patched
    forward gives the same values)."""
    model = _model(case)
    if case.get("eval"):
        model.eval()
    for name in case.get("caller_hooks", []):
        _register_forward_hook(model.get_submodule(name), _callers_hook)
    calls: list[int] = []
    unhooked: list[str] = []
    spies = [_register_forward_pre_hook(model, lambda m, args: calls.append(1))]
    for name, m in model_spec.named_modules(model):
        if isinstance(m, _Linear):
            before = _forward_hooks_on(m)
            spies.append(_register_forward_pre_hook(
                m, lambda m, args, name=name, before=before: None if _forward_hooks_on(m) > before
                else unhooked.append(name)))
    facts: dict[str, Any] = {}
    try:
        out = fn(model, _clone(case["x"]))
    except BaseException as e:  # the model's layer may raise a BaseException (model_spec.LayerAbort)
        # NotImplementedError is the starter's, not the model's: the case is unattempted, not passed.
        if not case.get("raises") or isinstance(e, NotImplementedError):
            raise
        facts["raised"] = type(e).__name__
    finally:
        for h in spies:
            h.remove()
    if "raised" not in facts:
        facts["out"] = harness.describe(out)
    facts.update(hooks=model_spec.hook_counts(model), calls=len(calls), unhooked=sorted(set(unhooked)),
                 training=[name for name, m in model_spec.named_modules(model) if m.training])
    return facts


def pre_hook_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """`fn(model, name, *args)` registers a hook on submodule `name` and returns its handle. Record
    the hooks it registered and what it registered besides (the model's structure: a buffer or
    parameter that stays after remove()), what that submodule then receives (our own forward hook,
    registered last, sees the arguments after every pre-hook), the model's output and gradients,
    whether the input tensor was modified, and, after handle.remove(), the hooks and structure left
    and the output again."""
    model = _model(case)
    target = model.get_submodule(case["target"])
    handle = fn(model, case["target"], *case["args"], **case["kwargs"])
    facts: dict[str, Any] = {"handle": type(handle) is _HANDLE, "handle_type": type(handle).__name__,
                             "hooks": model_spec.hook_counts(model), "structure": model_spec.structure(model)}
    seen: list[Any] = []
    spy = _register_forward_hook(target, lambda m, args, out: seen.append(
        harness.describe(_detach(args[0]) if args and type(args[0]) is _TENSOR else args)))
    x = _clone(case["x"])
    y = model(x)
    spy.remove()
    facts["seen"] = seen
    facts["out"] = harness.describe(y)
    facts["x_after"] = x
    if type(y) is _TENSOR and y.requires_grad:
        y.backward(case["grad_out"])
        facts["grads"] = model_spec.grads(model)
    if type(handle) is _HANDLE:
        handle.remove()
        facts["hooks_removed"] = model_spec.hook_counts(model)
        facts["structure_removed"] = model_spec.structure(model)
        facts["out_removed"] = harness.describe(model(_clone(case["x"])))
    return facts


def grad_clip_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """`fn(model, batches, clip)` runs the backward passes itself; report every parameter's .grad
    afterwards and the hooks left behind."""
    model = _model(case)
    batches = [(_clone(x), _clone(y)) for x, y in case["batches"]]
    # Our own tensor hook on every parameter, registered first, sees each gradient before the
    # user's hooks do and keeps it with a copy: a hook that writes into its argument shows as a
    # difference afterwards (a hook must return a new gradient, never modify the one it is given).
    given: list[tuple[str, torch.Tensor, torch.Tensor]] = []
    spies = []

    # It also notes each parameter whose gradient arrived with no hook but ours on it: the prompt
    # asks for Tensor.register_hook, and torch.autograd.grad plus clamping gives the same values.
    unhooked: set[str] = set()

    def spy(name: str, param: torch.Tensor) -> Any:
        def keep(g: torch.Tensor) -> None:
            given.append((name, g, _clone(g)))
            if len(param._backward_hooks or {}) < 2:
                unhooked.add(name)
        return keep

    for name, param in model_spec.named_parameters(model):
        spies.append(_register_hook(param, spy(name, param)))  # type: ignore[no-untyped-call]
    try:
        out = fn(model, batches, *case["args"], **case["kwargs"])
    finally:
        for h in spies:
            h.remove()
    changed = sorted({n for n, g, copy in given if not torch.equal(g, copy)})
    return {"out": harness.describe(out), "grads": model_spec.grads(model), "hooks": model_spec.hook_counts(model),
            "grad_args_modified": changed, "unhooked": sorted(unhooked)}


_autograd_backward = torch.autograd.backward


def _backward_hook_kinds(model: torch.nn.Module) -> dict[str, bool]:
    """Which kinds of module backward hooks are registered right now, on the model or globally:
    full ones (register_full_backward_hook, register_module_full_backward_hook) or legacy ones."""
    kinds = {"full": False, "legacy": False}
    for _, m in model_spec.named_modules(model):
        if m._backward_hooks:
            kinds["full" if m._is_full_backward_hook else "legacy"] = True
    if _module_mod._global_backward_hooks:
        kinds["full" if _module_mod._global_is_full_backward_hook else "legacy"] = True
    return kinds


def backward_order_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """`fn(model, x)` returns module names in the order their backward hooks fired; x requires grad,
    so that every module's full backward hook has an input gradient to report. Which kinds of
    module backward hooks were registered when backward started is recorded too."""
    model = _model(case)
    seen: list[dict[str, bool]] = []

    def backward(*args: Any, **kwargs: Any) -> Any:  # the hooks in place when backward starts
        seen.append(_backward_hook_kinds(model))
        return _autograd_backward(*args, **kwargs)

    torch.autograd.backward = backward
    try:
        out = fn(model, _clone(case["x"]).requires_grad_(case.get("x_grad", True)))
    finally:
        torch.autograd.backward = _autograd_backward
    return {"out": harness.describe(out), "hooks": model_spec.hook_counts(model), "backward_hooks": seen[:4]}


PROBES: dict[str, probe_family.Probe] = {
    "capture": capture_probe, "pre_hook": pre_hook_probe, "grad_clip": grad_clip_probe,
    "backward_order": backward_order_probe,
}


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    return probe_family.run_child(PROBES, job, payload)
