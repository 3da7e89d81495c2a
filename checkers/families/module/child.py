"""Child side of the module family: probes that build, train and inspect modules (see module.py).

Each probe only records plain facts; the grader runs the same probe on the exercise's oracle.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import torch
from torch import nn
from torch.utils._python_dispatch import TorchDispatchMode

from dlprep.checkers.families import model_spec, probe_family
from dlprep.checkers.families.module import scaler
from dlprep.checkers.sandbox import harness

_TENSOR = torch.Tensor
_MODULE = nn.Module
_OPTIMIZER = torch.optim.Optimizer
_clone = torch.Tensor.clone
_mse = nn.functional.mse_loss
_manual_seed = torch.manual_seed
_rand = torch.rand
_grad_enabled = torch.is_grad_enabled
_load_state_dict = nn.Module.load_state_dict
_train = nn.Module.train


def _fresh(t: torch.Tensor, grad: bool = False) -> torch.Tensor:
    out = _clone(t)
    return out.requires_grad_() if grad else out


def _model(case: dict[str, Any]) -> nn.Module:
    return model_spec.load(case["model"], case["state"])


# ---------------------------------------------------------------------------- structure

def structure_probe(cls: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Instantiate the user's class, report how it registered its tensors, load the grader's state,
    run forward/backward steps (train or eval), and report outputs, gradients and the state after
    every step, and the state's dtypes after `.double()`."""
    m = cls(*case["args"], **case["kwargs"])
    if not isinstance(m, _MODULE):
        return {"not_module": type(m).__name__}
    facts: dict[str, Any] = {"structure": model_spec.structure(m), "init": model_spec.state_values(m)}
    if case.get("state") is not None:
        try:
            _load_state_dict(m, case["state"])
        except Exception as e:  # a structure that does not fit: reported, judged from the structure
            facts["load_error"] = str(e)[:300]
            return facts
    steps = []
    for step in case["steps"]:
        _train(m, step["train"])
        x = _fresh(step["x"], grad=True)
        y = m(x)
        rec: dict[str, Any] = {"out": harness.describe(y)}
        if type(y) is _TENSOR and y.requires_grad:
            y.backward(step["grad_out"])
            rec["x_grad"] = None if x.grad is None else _clone(x.grad)
            rec["grads"] = model_spec.grads(m)
        for _, p in model_spec.named_parameters(m):
            p.grad = None
        rec["state"] = model_spec.state_values(m)
        # state_values detaches: buffers that carry this step's graph are named here (a running
        # statistic updated outside no_grad; a later backward through it reaches an old batch).
        rec["graph"] = sorted(n for n, b in model_spec.named_buffers(m) if b.requires_grad)
        steps.append(rec)
    facts["steps"] = steps
    if options.get("cast"):
        m.double()
        facts["cast"] = _dtypes(m)
        # Then a train and an eval step on float64 input: statistics computed in float64 and written
        # back as float32 show only once a step has run.
        cast_steps = []
        for train in (True, False):
            _train(m, train)
            y = m(_clone(case["steps"][-1]["x"]).double())
            cast_steps.append({"out": harness.describe(y), "dtypes": _dtypes(m)})
        facts["cast_steps"] = cast_steps
    return facts


def _dtypes(m: nn.Module) -> dict[str, str]:
    return {k: str(v.dtype) for k, v in model_spec.state_values(m).items()}


# ---------------------------------------------------------------------------- optimizer (freezing)

def optimizer_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """`fn(model, *args)` prepares a model for fine-tuning and returns its optimizer; report the
    requires_grad flags, what the optimizer holds, then train a few steps with it (the standard
    zero_grad/forward/backward/step loop) and report which parameters got gradients and the state."""
    model = _model(case)
    opt = fn(model, *case["args"], **case["kwargs"])
    named = model_spec.named_parameters(model)
    facts: dict[str, Any] = {"requires_grad": {n: bool(p.requires_grad) for n, p in named}}
    if not isinstance(opt, _OPTIMIZER):
        facts["optimizer"] = {"type": f"{type(opt).__module__}.{type(opt).__qualname__}"}
        return facts
    names = {id(p): n for n, p in named}
    groups = []
    for g in opt.param_groups:
        hyper = {k: v for k, v in g.items() if k != "params" and isinstance(v, int | float) and not isinstance(v, bool)}
        groups.append({"params": [names.get(id(p), "<not a parameter of the model>") for p in g["params"]],
                       "hyper": hyper})
    facts["optimizer"] = {"type": type(opt).__name__, "groups": groups}
    _manual_seed(case["seed"])
    got_grad = []
    for x, y in case["batches"]:
        opt.zero_grad()
        _mse(model(x), y).backward()
        got_grad.append(sorted(n for n, p in named if p.grad is not None))
        opt.step()
    facts["got_grad"] = got_grad
    facts["after"] = model_spec.state_values(model)
    return facts


# ---------------------------------------------------------------------------- training loop

def train_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Seed the global RNG (dropout draws from it), call `fn(model, train, val, epochs, lr)` and
    report what it returned, the weights the model holds afterwards and its train/eval flags."""
    model = _model(case)
    _manual_seed(case["seed"])
    train = [(_fresh(x), _fresh(y)) for x, y in case["train"]]
    val = (_fresh(case["val"][0]), _fresh(case["val"][1]))
    graphs_in_eval: list[int] = []  # eval-mode forwards that recorded an autograd graph (no no_grad)
    model.register_forward_pre_hook(
        lambda m, args: graphs_in_eval.append(1) if not m.training and _grad_enabled() else None)
    out = fn(model, train, val, case["epochs"], case["lr"])
    return {"out": harness.describe(out), "after": model_spec.state_values(model),
            "training": sorted(n for n, m in model_spec.named_modules(model) if m.training),
            "eval_with_grad": len(graphs_in_eval)}


# ---------------------------------------------------------------------------- RNG replay

def rng_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Seed the global RNG and a private generator from the case, call `fn(model, x, gen)`, then
    report what it returned and what each RNG gives next (where the call left them)."""
    model = _model(case)
    if case.get("dtype") == "float64":  # a float64 model and input: noise is still torch.randn's float32
        model.double()
    gen = torch.Generator().manual_seed(case["gen_seed"])
    _manual_seed(case["global_seed"])
    # Past the seeds' start: reseeding with initial_seed() would replay the seed, not the caller's state.
    advance = int(case.get("advance", 0))
    _rand(advance)
    _rand(advance, generator=gen)
    forwards: list[int] = []
    model.register_forward_pre_hook(lambda m, args: forwards.append(1))
    # Called `calls` times in a row on the same model, input and generator: each call must replay
    # from where the previous one left both RNGs (state kept across calls is judged too).
    outs = [harness.describe(fn(model, _fresh(case["x"]), gen)) for _ in range(int(case.get("calls", 1)))]
    return {"out": outs[0], "more": outs[1:], "next_global": _rand(4), "next_gen": _rand(4, generator=gen),
            "forwards": len(forwards)}


# ---------------------------------------------------------------------------- optimizer step

class OpCounter(TorchDispatchMode):
    """Counts the aten ops a call dispatches (by overload packet name: mul_, _foreach_mul_, ...)."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # torch leaves it unannotated
        self.ops: Counter[str] = Counter()

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # type: ignore[no-untyped-def]
        self.ops[func.overloadpacket.__name__] += 1
        return func(*args, **(kwargs or {}))


def adam_probe(fn: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """`fn(params, grads, exp_avgs, exp_avg_sqs, step, **hyper)` (every argument by keyword if the
    case says `by_keyword`) updates the lists in place, once per step with the case's gradients;
    report the tensors after every step, the aten ops it ran, and whether it rebound list entries
    or wrote into the gradients."""
    params = [_clone(p) for p in case["params"]]
    if case.get("as_parameters"):  # as torch.optim receives them: leaves that require grad
        params = [nn.Parameter(p) for p in params]
    exp_avgs = [torch.zeros_like(p) for p in params]
    exp_avg_sqs = [torch.zeros_like(p) for p in params]
    mine = (list(params), list(exp_avgs), list(exp_avg_sqs))  # the objects, to notice rebinding
    steps = []
    for t, grads in enumerate(case["grads"], start=1):
        given = [_clone(g) for g in grads]
        counter = OpCounter()
        with counter:
            if case.get("by_keyword"):  # every argument by its name in the stated signature
                fn(params=params, grads=given, exp_avgs=exp_avgs, exp_avg_sqs=exp_avg_sqs, step=t, **case["hyper"])
            else:
                fn(params, given, exp_avgs, exp_avg_sqs, t, **case["hyper"])
        steps.append({"params": [_clone(p.detach()) for p in mine[0]], "exp_avgs": [_clone(m) for m in mine[1]],
                      "exp_avg_sqs": [_clone(v) for v in mine[2]], "ops": dict(counter.ops),
                      "rebound": [i for i, (a, b) in enumerate(zip(params, mine[0], strict=True)) if a is not b],
                      "grads_changed": [i for i, (a, b) in enumerate(zip(given, grads, strict=True))
                                        if not torch.equal(a, b)]})
    return {"steps": steps}


PROBES: dict[str, probe_family.Probe] = {
    "structure": structure_probe, "optimizer": optimizer_probe, "train": train_probe,
    "rng": rng_probe, "adam": adam_probe,
    "scaler": scaler.scaler_probe,  # a dynamic loss scaler against torch.amp.GradScaler (scaler.py)
}


def run_child(job: dict[str, Any], payload: bytes) -> bytes:
    return probe_family.run_child(PROBES, job, payload)
