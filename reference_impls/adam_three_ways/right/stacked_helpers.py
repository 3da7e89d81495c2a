# One scalar-coefficient helper shared by both versions; foreach builds the denominator in a fresh list.
import math

import torch


def _coefficients(step, lr, beta1, beta2):
    """The step size with m's correction folded in, and sqrt of v's correction."""
    return lr / (1 - beta1**step), math.sqrt(1 - beta2**step)


@torch.no_grad()
def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    step_size, root_bc2 = _coefficients(step, lr, beta1, beta2)
    for i, p in enumerate(params):
        g = grads[i] if weight_decay == 0 else grads[i].add(p, alpha=weight_decay)
        exp_avgs[i].mul_(beta1).add_(g, alpha=1 - beta1)
        exp_avg_sqs[i].mul_(beta2).addcmul_(g, g, value=1 - beta2)
        denom = exp_avg_sqs[i].sqrt() / root_bc2 + eps
        p.addcdiv_(exp_avgs[i], denom, value=-step_size)


@torch.no_grad()
def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    step_size, root_bc2 = _coefficients(step, lr, beta1, beta2)
    g = torch._foreach_add(grads, params, alpha=weight_decay) if weight_decay else grads
    torch._foreach_mul_(exp_avgs, beta1)
    torch._foreach_add_(exp_avgs, g, alpha=1 - beta1)
    torch._foreach_mul_(exp_avg_sqs, beta2)
    torch._foreach_addcmul_(exp_avg_sqs, g, g, value=1 - beta2)
    denom = torch._foreach_sqrt(exp_avg_sqs)
    torch._foreach_div_(denom, root_bc2)
    torch._foreach_add_(denom, eps)
    torch._foreach_addcdiv_(params, exp_avgs, denom, value=-step_size)
