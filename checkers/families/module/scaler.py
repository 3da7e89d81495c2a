"""The module family's `scaler` probe: a dynamic loss scaler driven through a mixed-precision loop.

Both sides: the child runs it on the user's class, the grader on torch.amp.GradScaler("cpu")
(check.py's `oracle`), with the same parameters, optimizers, losses and call sequence, and the
judge below compares every step: the scaled loss, the gradients after unscale_, the gradients and
parameters after step(), and get_scale() after update(). The loss is linear plus a small
quadratic term in each parameter, with per-step coefficients the case chooses, so a case puts
inf, -inf, nan or a value that overflows only once scaled into one parameter's gradient at the
steps it names.
"""

from __future__ import annotations

import math
from typing import Any

import torch
from torch import nn

from dlprep.checkers.sandbox import harness

# Captured at import (before any submission exists): a solution that patches them changes its own copy.
_TENSOR = torch.Tensor
_clone = torch.Tensor.clone
_detach = torch.Tensor.detach
_backward = torch.autograd.backward
_SGD = torch.optim.SGD
_clip = nn.utils.clip_grad_norm_
_Parameter = nn.Parameter


def _grads(params: list[nn.Parameter]) -> list[torch.Tensor | None]:
    return [None if p.grad is None else _clone(p.grad) for p in params]


def _replaced(params: list[nn.Parameter], refs: list[torch.Tensor | None]) -> list[int]:
    """The parameters whose .grad is no longer the tensor backward() left there (nor one sharing its storage)."""
    return [j for j, (p, r) in enumerate(zip(params, refs, strict=True))
            if r is not None and p.grad is not r
            and (p.grad is None or p.grad.untyped_storage().data_ptr() != r.untyped_storage().data_ptr())]


def scaler_probe(cls: Any, case: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """Build the scaler (`cls(**hyper)`, or `cls()` where the case uses the defaults), then per step:
    zero_grad; loss; scaler.scale(loss).backward(); on steps that say so, scaler.unscale_(opt) for
    every optimizer and clip_grad_norm_; scaler.step(opt) for every optimizer; scaler.update().
    Report what each call left behind (plain values only)."""
    params = [_Parameter(_clone(p)) for p in case["params"]]
    split = case.get("split")  # one optimizer whose parameters form two param groups
    opts = [_SGD([{"params": [params[i] for i in group[:split]]}, {"params": [params[i] for i in group[split:]]}]
                 if split else [params[i] for i in group], lr=case["lr"], momentum=case["momentum"])
            for group in case["groups"]]
    hyper = case.get("hyper")
    scaler = cls(**hyper) if hyper is not None else cls()
    steps: list[dict[str, Any]] = []
    for coefs, call in zip(case["coefs"], case["calls"], strict=True):
        for opt in opts:
            opt.zero_grad(set_to_none=True)
        loss = sum((c * p).sum() + 0.5 * case["decay"] * (p * p).sum()
                   for p, c in zip(params, coefs, strict=True) if c is not None)
        scaled = scaler.scale(loss)
        rec: dict[str, Any] = {"scaled": harness.describe(_detach(scaled) if type(scaled) is _TENSOR else scaled)}
        if type(scaled) is not _TENSOR or not scaled.requires_grad:
            rec["no_graph"] = True  # nothing to backpropagate: judged as a wrong scaled loss
            steps.append(rec)
            break
        _backward(scaled)
        refs = [p.grad for p in params]  # unscale_ divides these very tensors: a reference sees it
        if call["unscale"]:
            for opt in opts:
                scaler.unscale_(opt)
            rec["unscaled"] = _grads(params)
            rec["replaced_unscale"] = _replaced(params, refs)
            if call["clip"] is not None:
                _clip(params, call["clip"])
        for opt in opts:
            scaler.step(opt)
        scaler.update()
        rec["scale"] = harness.describe(scaler.get_scale())
        rec["grads"] = _grads(params)
        rec["replaced"] = _replaced(params, refs)
        rec["params"] = [_clone(_detach(p)) for p in params]
        steps.append(rec)
    return {"steps": steps}


# ---------------------------------------------------------------------------- grader side

SCALE_RTOL = 1e-6  # the scale is a float32 value: a float64 bookkeeping of it differs in the 8th digit


def _loss_terms(spec: dict[str, Any], step: int, want: list[dict[str, Any]]) -> torch.Tensor | None:
    """The magnitude of the terms step `step`'s scaled loss sums (compare.compare_tensor's error
    scale): the loss adds c * p and p * p terms that cancel, so parameters a rounding apart
    (dividing by the scale and multiplying by its reciprocal are both right) move it by more than
    rtol of the result. The scale before the step times the sum of the terms' magnitudes, from
    torch's run; None where that is not finite (an inf or nan coefficient)."""
    params = spec["params"] if step == 0 else want[step - 1]["params"]
    scale = (spec.get("hyper") or {}).get("init_scale", 65536.0) if step == 0 else want[step - 1]["scale"].get("value")
    try:
        terms = float(scale) * sum(float((c.abs() * p.abs()).sum() + 0.5 * spec["decay"] * (p * p).sum())
                                   for p, c in zip(params, spec["coefs"][step], strict=True) if c is not None)
    except (TypeError, ValueError, OverflowError):
        return None
    return torch.tensor(terms, dtype=torch.float64) if math.isfinite(terms) else None


def _skipped(before: list[torch.Tensor], after: list[torch.Tensor], group: list[int]) -> bool:
    return all(torch.equal(before[i], after[i]) for i in group)


def judge(family: Any, case: Any, fact: dict[str, Any]) -> str | None:
    """The scaler's steps against GradScaler's; raises probe_family.Problem naming the first
    difference (the step, the call, and what torch did on that step)."""
    from dlprep.checkers.families.probe_family import Problem  # grader side only

    want = family.expected(case)["steps"]
    got = fact["steps"]
    spec = case.spec
    groups = spec["groups"]
    before = [p.clone() for p in spec["params"]]
    for i, exp in enumerate(want):
        n = i + 1
        if i >= len(got):
            raise Problem(f"step {n}: no result")
        mine = got[i]
        family.same(mine["scaled"], exp["scaled"], f"step {n}: scaler.scale(loss)",
                    "(scale(loss) returns loss times the current scale, a tensor that backward() goes through)",
                    scale=_loss_terms(spec, i, want))
        if mine.get("no_graph"):
            raise Problem(f"step {n}: scaler.scale(loss) returned something without a graph back to the loss")
        if "unscaled" in exp:
            for j, (g, e) in enumerate(zip(mine["unscaled"], exp["unscaled"], strict=True)):
                family.same(g, e, f"step {n}: params[{j}].grad right after unscale_(optimizer)",
                            "(unscale_ divides the gradients by the scale in place, so that clipping sees true "
                            "gradients; inf and nan stay as they are)")
        for key, when in (("replaced_unscale", "unscale_(optimizer)"), ("replaced", "step()")):
            extra = sorted(set(mine.get(key, [])) - set(exp.get(key, [])))
            if extra:
                raise Problem(f"step {n}: after {when}, params[{extra[0]}].grad is no longer the tensor backward() "
                              "left there: GradScaler divides each .grad in place, so a reference to it taken "
                              "before unscale_/step sees the unscaled gradient")
        bad = [j for j, e in enumerate(exp["grads"]) if e is not None and not bool(torch.isfinite(e).all())]
        for j, (g, e) in enumerate(zip(mine["grads"], exp["grads"], strict=True)):
            family.same(g, e, f"step {n}: params[{j}].grad after step()",
                        "(after step() the .grad tensors hold the unscaled gradients, divided by the scale once)")
        for k, group in enumerate(groups):
            torch_skipped = _skipped(before, exp["params"], group)
            for j in group:
                try:
                    family.same(mine["params"][j], exp["params"][j], f"step {n}: params[{j}] after step()")
                except Problem as p:
                    which = f"optimizer {k}" if len(groups) > 1 else "the optimizer"
                    if torch_skipped and any(b in group for b in bad):
                        why = (f"its gradients held inf/nan (params{[b for b in bad if b in group]}), so GradScaler "
                               f"skipped {which}.step()")
                    elif bad:
                        why = (f"GradScaler ran {which}.step(): only the gradients of the optimizer being stepped "
                               "decide whether it is skipped")
                    else:
                        why = f"every gradient was finite, so GradScaler ran {which}.step() with the unscaled gradients"
                    raise Problem(f"{p} ({why})") from None
        scale, want_scale = mine["scale"], exp["scale"]["value"]
        if scale.get("kind") != "scalar" or scale.get("type") != "float":
            raise Problem(f"step {n}: get_scale() returned a {scale.get('type', scale.get('kind'))}, expected a "
                          "Python float")
        if not abs(scale["value"] - want_scale) <= SCALE_RTOL * abs(want_scale):
            what = "backed off (overflow on this step)" if bad else "unchanged or grown (no overflow on this step)"
            raise Problem(f"step {n}: get_scale() after update() is {scale['value']!r}, expected {want_scale!r}: "
                          f"torch's scale {what}; {family.hint('scale')}".rstrip("; "))
        before = exp["params"]
    if len(got) > len(want):
        raise Problem(f"{len(got)} steps reported for {len(want)}")
    skipped = sum(1 for i, e in enumerate(want) if any(g is not None and not bool(torch.isfinite(g).all())
                                                        for g in e["grads"]))
    return f"{len(want)} steps agree with torch.amp.GradScaler('cpu') ({skipped} with inf/nan gradients)"
