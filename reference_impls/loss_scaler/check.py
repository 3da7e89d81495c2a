"""Trusted checker data for `loss_scaler` (imported by the grader only).

The user's LossScaler and torch.amp.GradScaler("cpu") are driven through the same mixed-precision
loop (the module family's `scaler` probe, checkers/families/module/scaler.py): one or two SGD
optimizers with momentum, a loss whose per-step coefficients put inf, -inf, nan, or a finite value
that overflows only once multiplied by the scale, into one parameter's gradient at chosen steps;
unscale_ and clip_grad_norm_ on all, some or none of the steps. Every step's scaled loss,
gradients (after unscale_ and after step), parameters and get_scale() are compared.

Threat list (how a candidate gets this wrong -> what kills it):
- grows the scale on an overflow step, or never backs off -> overflow: once/consecutive; scale
  compared after every update.
- backs off without restarting the clean-step count -> overflow: spread with interval_two/odd_factors
  (the next growth comes too early).
- off-by-one growth (count > interval, or growing every interval-th call whatever happened)
  -> interval_one/interval_two, every step's scale.
- only the last gradient checked for inf (found = ... overwritten in the loop) -> where: first/middle.
- isinf only (nan missed) or `max() == inf` (-inf missed) -> bad: nan / neg_inf.
- unscale_ that only marks and lets step() divide (clipping sees scaled gradients), or step()
  dividing again after an explicit unscale_ -> calls: unscale_clip / mixed (grads after unscale_,
  params after a clipped step).
- only optimizer.param_groups[0] visited by unscale_/step -> optimizers: groups (one optimizer, two
  param groups; the second's gradients stay scaled).
- unscale_ that rebinds p.grad to a new tensor (p.grad = p.grad / scale) -> each .grad must stay the
  tensor backward() left there (or share its storage) after unscale_ and after step().
- one inf flag for all optimizers (skips both) or only the last optimizer's flag used by update()
  -> optimizers: two with the bad value in either.
- the scale as a Python float (2**128 is finite in float64) -> hyper: huge_scale.
- `p.grad.mul_` on a parameter without a gradient -> unused: one (its .grad is None).
- gradients zeroed or replaced on a skipped step -> grads after step() compared (torch leaves them).
- a sum- or norm-based check (isfinite(g.sum())): finite gradients whose sum overflows -> bad: near_max
  (GradScaler checks element by element and steps).
- float64 parameters (a float32 cast of the grads, or a scaled-overflow test against float32's
  max) -> dtype: float64; a float32 cast only in the inf check or the unscale shows when a float64
  scaled gradient passes float32's range and stays finite -> bad: past_f32
  (wrong/found_check_float32_cast, wrong/unscale_via_float32).
"""

import torch

from dlprep.checkers.families.probe_family import SpecCase

PROBE = "scaler"
HINTS = {
    "scale": "(update(): after an iteration with inf/nan in any optimizer, scale *= backoff_factor and the clean "
             "count restarts at 0; otherwise the count grows by 1 and on reaching growth_interval the scale is "
             "multiplied by growth_factor, unless that makes it inf in float32, and the count restarts at 0)",
}


def oracle(**hyper):
    return torch.amp.GradScaler("cpu", **hyper)


# (init_scale, growth_factor, backoff_factor, growth_interval); None: the constructor's defaults
HYPER = {
    "defaults": None,
    "interval_two": {"init_scale": 1024.0, "growth_factor": 2.0, "backoff_factor": 0.5, "growth_interval": 2},
    "interval_one": {"init_scale": 256.0, "growth_factor": 2.0, "backoff_factor": 0.5, "growth_interval": 1},
    "odd_factors": {"init_scale": 4096.0, "growth_factor": 3.0, "backoff_factor": 0.25, "growth_interval": 3},
    # 2**126 * 4 is inf in float32: every growth is refused until a backoff
    "huge_scale": {"init_scale": 2.0**126, "growth_factor": 4.0, "backoff_factor": 0.25, "growth_interval": 1},
}
STEPS = 8
USED = 3  # parameters in the loss; an unused one (grad None) comes after them


def _bad_value(kind, dtype):
    # "scaled": finite in the loss and its gradient, inf once multiplied by any scale >= 16 (the
    # smallest a case reaches is 64). "near_max" (float32, huge_scale only, where no growth is ever
    # applied and nothing overflows, so the scale stays 2**126): two gradient elements of 0.55 x
    # float32's max once scaled - each finite, their sum inf, so a check on g.sum() or g.norm()
    # skips a step GradScaler takes. "past_f32" (float64, huge_scale only): one element 4x float32's
    # max once scaled, finite in float64: no overflow, though a float32 cast of the check or of the
    # unscale makes it inf
    return {"inf": float("inf"), "neg_inf": float("-inf"), "nan": float("nan"),
            "scaled": torch.finfo(dtype).max / 16, "near_max": 0.55 * torch.finfo(torch.float32).max / 2.0**126,
            "past_f32": 4.0 * torch.finfo(torch.float32).max / 2.0**126}[kind]


def _overflow_steps(kind, gen):
    k = int(torch.randint(1, STEPS - 3, (), generator=gen))  # 1-based, leaves clean steps after it
    return {"none": [], "once": [k], "consecutive": [k, k + 1], "spread": [k, k + 3]}[kind]


def _what(bad, target, steps):
    if bad == "near_max":
        return f"finite gradients near float32's max (their sum overflows) in params[{target}] at steps {steps}"
    if bad == "past_f32":
        return f"a float64 gradient 4x float32's max once scaled (finite) in params[{target}] at steps {steps}"
    return f"{bad} in params[{target}].grad at steps {steps}"


def _optimizers(kind, groups, split):
    if kind == "groups":
        return f"one optimizer with two param groups {[groups[0][:split], groups[0][split:]]}"
    return "one optimizer" if kind == "one" else f"two optimizers {groups}"


def _case(name, gen, *, hyper, overflow, bad, where, calls, optimizers, dtype, unused, label_extra=""):
    dt = torch.float64 if dtype == "float64" else torch.float32
    shapes = [tuple(torch.randint(1, 4, (int(torch.randint(1, 3, (), generator=gen)),), generator=gen).tolist())
              for _ in range(USED + (unused == "one"))]
    if bad == "near_max":  # at least two elements in the parameter that gets them
        target_shape = {"first": 0, "middle": 1, "last": USED - 1}[where]
        shapes[target_shape] = (2, 2)
    params = [0.1 * torch.randn(s, generator=gen, dtype=dt) for s in shapes]
    bad_steps = _overflow_steps(overflow, gen) if isinstance(overflow, str) else list(overflow)
    target = {"first": 0, "middle": 1, "last": USED - 1}[where]
    coefs = []
    for step in range(1, STEPS + 1):
        row = [0.01 * torch.randn(s, generator=gen, dtype=dt) for s in shapes[:USED]]
        if step in bad_steps:
            flat = row[target].view(-1)
            if bad == "near_max":  # every element: the sum of any two overflows, each one does not
                flat.fill_(_bad_value(bad, dt))
            else:
                flat[int(torch.randint(0, flat.numel(), (), generator=gen))] = _bad_value(bad, dt)
        coefs.append(row + [None] * (unused == "one"))
    unscale = {"step": [False] * STEPS, "unscale_clip": [True] * STEPS,
               "mixed": [i % 2 == 1 for i in range(STEPS)]}[calls]
    call_list = [{"unscale": u, "clip": 0.02 if u else None} for u in unscale]
    extra = [USED] if unused == "one" else []
    # the unused parameter comes first in its optimizer: a loop that stops (break) at a missing grad
    # instead of skipping it leaves the others scaled
    groups = [extra + list(range(USED))] if optimizers != "two" else [extra + [0], list(range(1, USED))]
    h = HYPER[hyper]
    spec = {"split": len(extra) + 1} if optimizers == "groups" else {}  # param groups: extra + [0], then the rest
    spec |= {"params": params, "groups": groups, "lr": 0.5, "momentum": 0.9, "decay": 0.1, "coefs": coefs,
            "calls": call_list, "hyper": h}
    label = (f"LossScaler({', '.join(f'{k}={v!r}' for k, v in h.items()) if h else ''}); {dtype} params "
             f"{[list(s) for s in shapes]}" + (" (the last one unused: grad None)" if unused == "one" else "")
             + f"; {_optimizers(optimizers, groups, len(extra) + 1)}; "
             + (_what(bad, target, bad_steps) if bad_steps else "no overflow")
             + {"step": "; step() without unscale_", "unscale_clip": "; unscale_ + clip_grad_norm_(max_norm=0.02) "
                "every step", "mixed": "; unscale_ + clip_grad_norm_ on steps 2, 4, 6, 8"}[calls] + label_extra)
    return SpecCase(name, (), spec=spec, label=label)


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        _case("defaults", gen, hyper="defaults", overflow=[2], bad="inf", where="first", calls="step",
              optimizers="one", dtype="float32", unused="none"),
        _case("grow-and-back-off", gen, hyper="interval_two", overflow=[3, 4], bad="nan", where="middle",
              calls="unscale_clip", optimizers="one", dtype="float32", unused="none"),
        _case("two-optimizers", gen, hyper="interval_one", overflow=[5], bad="neg_inf", where="last",
              calls="mixed", optimizers="two", dtype="float32", unused="one"),
    ]


def hidden_cases(gen, n):
    return []  # the contract's points are the hidden cases


def contract_case(point, gen):
    return _case("contract", gen, **point)
