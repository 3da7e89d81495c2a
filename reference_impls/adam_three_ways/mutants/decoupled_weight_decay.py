# Applies weight decay to the parameter after the step (AdamW style) instead of adding
# weight_decay * param to the gradient, which is what torch.optim.Adam does.
import torch


def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    bc1, bc2 = 1 - beta1**step, 1 - beta2**step
    for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs):
        m.mul_(beta1).add_(g, alpha=1 - beta1)
        v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
        p.addcdiv_(m, (v / bc2).sqrt_().add_(eps), value=-lr / bc1)
        p.mul_(1 - lr * weight_decay)


def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    bc1, bc2 = 1 - beta1**step, 1 - beta2**step
    torch._foreach_mul_(exp_avgs, beta1)
    torch._foreach_add_(exp_avgs, grads, alpha=1 - beta1)
    torch._foreach_mul_(exp_avg_sqs, beta2)
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads, value=1 - beta2)
    denom = torch._foreach_div(exp_avg_sqs, bc2)
    torch._foreach_sqrt_(denom)
    torch._foreach_add_(denom, eps)
    torch._foreach_addcdiv_(params, exp_avgs, denom, value=-lr / bc1)
    torch._foreach_mul_(params, 1 - lr * weight_decay)
