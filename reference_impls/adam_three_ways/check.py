"""Trusted checker data for `adam_three_ways` (imported by the grader only).

Both user functions are compared, after every step, with torch.optim.Adam itself in its three
implementations: the single-tensor for-loop, foreach (one kernel per op over the whole list)
and fused (the whole update in one kernel). The optimizer is rebuilt every step around the
caller's own state tensors, so it updates exactly the tensors the probe keeps.

Threat list (how a candidate gets this wrong -> what kills it):
- no bias correction -> defaults step 1 (diagnosed).
- decoupled (AdamW) weight decay -> weight-decay (diagnosed).
- weight decay added into the caller's grads in place -> the grads-unchanged check.
- m or v bias-corrected in place (state corrupted) -> exp_avgs/exp_avg_sqs after every step.
- eps inside the square root -> tiny-grads (sqrt(v) near 100 * eps), odd-betas.
- adam_foreach as a per-tensor loop -> the family's dispatched-op count.
- 0-dim and size-1 parameters -> odd-betas (a () parameter).
- a signature other than the stated one (`/` for `*`, making params..step positional-only, or
  other names) -> by-keyword, which passes every argument by its stated name.
"""

import torch

from dlprep.checkers.families.probe_family import SpecCase

PROBE = "adam"
PROBE_OPTIONS = {"foreach_entry": "adam_foreach"}
HINTS = {
    "params": "(torch's Adam: grad += weight_decay * param first (L2 on the gradient, unlike AdamW), then "
              "m = b1*m + (1-b1)*grad, v = b2*v + (1-b2)*grad^2, param -= lr * (m / (1 - b1^t)) / "
              "(sqrt(v / (1 - b2^t)) + eps))",
    "exp_avgs": "(m = beta1 * m + (1 - beta1) * grad, where grad already includes weight_decay * param)",
    "exp_avg_sqs": "(v = beta2 * v + (1 - beta2) * grad * grad, where grad already includes weight_decay * param)",
}


def _torch_adam(**impl):
    def step_fn(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
        opt = torch.optim.Adam(params, lr=lr, betas=(beta1, beta2), eps=eps, weight_decay=weight_decay, **impl)
        for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs, strict=True):
            p.grad = g
            opt.state[p] = {"step": torch.tensor(float(step - 1)), "exp_avg": m, "exp_avg_sq": v}
        opt.step()
        for p in params:
            p.grad = None
    return step_fn


TORCH_ADAM = {
    "torch.optim.Adam(foreach=False)": _torch_adam(foreach=False),
    "torch.optim.Adam(foreach=True)": _torch_adam(foreach=True),
    "torch.optim.Adam(fused=True)": _torch_adam(fused=True),
}
oracle = TORCH_ADAM["torch.optim.Adam(foreach=False)"]


def _adam_variant(bias_correction=True, decoupled=False):
    """Known-wrong variants, to name the mistake when a submission matches one."""
    # no_grad as in any optimizer step: the contract hands nn.Parameters that require grad, and an
    # in-place update of such a leaf outside no_grad raises (this stand-in runs on every point).
    @torch.no_grad()
    def step_fn(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
        bc1, bc2 = (1 - beta1**step, 1 - beta2**step) if bias_correction else (1.0, 1.0)
        for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs, strict=True):
            if not decoupled:
                g = g + weight_decay * p
            m.mul_(beta1).add_(g, alpha=1 - beta1)
            v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
            p.addcdiv_(m, (v / bc2).sqrt_().add_(eps), value=-lr / bc1)
            if decoupled:
                p.mul_(1 - lr * weight_decay)
    return step_fn


DIAGNOSES = [
    (_adam_variant(bias_correction=False), "no bias correction: m and v start at zero, so Adam divides them by "
                                           "1 - beta1**t and 1 - beta2**t, which matters most in early steps"),
    (_adam_variant(decoupled=True), "weight decay applied to the parameter after the step is AdamW's decoupled "
                                    "decay; torch.optim.Adam adds weight_decay * param to the gradient before "
                                    "the moments are updated"),
]


def _cases(name, gen, shapes, steps, lr=1e-2, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, grad_scale=0.1,
           by_keyword=False):
    params = [torch.randn(s, generator=gen) for s in shapes]
    grads = [[grad_scale * torch.randn(s, generator=gen) for s in shapes] for _ in range(steps)]
    hyper = {"lr": lr, "beta1": betas[0], "beta2": betas[1], "eps": eps, "weight_decay": weight_decay}
    label = f"params {[list(s) for s in shapes]}, {steps} steps, " + ", ".join(f"{k}={v}" for k, v in hyper.items())
    if by_keyword:
        label += "; called with every argument by keyword (params=..., grads=..., ..., step=...)"
    spec = {"params": params, "grads": grads, "hyper": hyper, **({"by_keyword": True} if by_keyword else {})}
    return [SpecCase(f"{entry}/{name}", (), spec={"entry": entry, **spec}, label=label)
            for entry in ("adam_loop", "adam_foreach")]


def public_cases():
    gen = torch.Generator().manual_seed(0)
    return [
        *_cases("defaults", gen, [(4, 3), (3,), (2, 2, 2), (5,)], 3),
        *_cases("weight-decay", gen, [(3, 3), (3,), (6,), (1,)], 4, weight_decay=0.1),
        *_cases("odd-betas", gen, [(7,), (2, 5), (), (4, 1)], 5, lr=0.05, betas=(0.8, 0.99), eps=1e-6),
        # |g| near 1e-4, so sqrt(v) is near eps * 100 and where eps goes (inside or outside the root) shows
        *_cases("tiny-grads", gen, [(6,), (3, 2)], 3, eps=1e-6, grad_scale=1e-4),
        *_cases("by-keyword", gen, [(3,), (2, 2)], 2, by_keyword=True),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(max(1, n // 2)):
        shapes = [tuple(torch.randint(1, 6, (int(torch.randint(0, 3, (), generator=gen)),), generator=gen).tolist())
                  for _ in range(int(torch.randint(4, 8, (), generator=gen)))]
        cases += _cases(f"random-{i}", gen, shapes, int(torch.randint(2, 6, (), generator=gen)),
                        lr=[1e-3, 1e-2, 3e-2][i % 3], betas=(0.9, [0.99, 0.999][i % 2]),
                        weight_decay=[0.0, 0.05][i % 2 == 0])
    return cases


def contract_case(point, gen):
    """Either entry over gradients of unit, tiny (1e-6: sqrt(v) near eps), huge or zero size; eps
    1e-8 or 1e-3 (where eps sits shows); weight decay off or on; lists of mixed shapes, with 0-dim
    and empty tensors, or of up to 24 tensors; plain tensors or nn.Parameters that require grad (an
    in-place update outside no_grad raises); 1, a few or 10 steps; positional or keyword call."""
    def pick(lo, hi):
        return int(torch.randint(lo, hi + 1, (), generator=gen))
    shapes = {"mixed": [(pick(1, 5), pick(1, 4)), (pick(1, 7),), (2, 2, pick(1, 3)), (pick(1, 6),)],
              "zero_dim_and_empty": [(), (0,), (pick(1, 5),), (3, 0), (1,)],
              "many": [(pick(1, 6),) for _ in range(pick(16, 24))]}[point["shapes"]]
    scale = {"unit": 0.1, "tiny": 1e-6, "huge": 1e3, "zero": 0.0}[point["grads"]]
    steps = {"few": pick(2, 4), "one": 1, "many": 10}[point["steps"]]
    eps = {"default": 1e-8, "large": 1e-3}[point["eps"]]
    wd = {"off": 0.0, "on": [0.01, 0.1][pick(0, 1)]}[point["weight_decay"]]
    lr = [1e-3, 1e-2, 5e-2][pick(0, 2)]
    betas = [(0.9, 0.999), (0.8, 0.99), (0.5, 0.9)][pick(0, 2)]
    both = _cases("contract", gen, shapes, steps, lr=lr, betas=betas, eps=eps, weight_decay=wd, grad_scale=scale,
                  by_keyword=point["call"] == "keyword")
    case = both[0] if point["entry"] == "adam_loop" else both[1]
    if point["params"] == "parameters":
        case.spec["as_parameters"] = True
        case.label += "; params are nn.Parameters that require grad"
    return case
