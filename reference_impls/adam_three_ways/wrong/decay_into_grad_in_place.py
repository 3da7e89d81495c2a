# Adds the weight decay into the gradient in place (g.add_), which rewrites the caller's grads.
# zh: 用 g.add_ 把权重衰减原地加进梯度，调用方的 grad 因此被改写。
import torch


@torch.no_grad()
def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs, strict=True):
        g.add_(p, alpha=weight_decay)
        m.mul_(beta1).add_((1 - beta1) * g)
        v.mul_(beta2).add_((1 - beta2) * g * g)
        m_hat = m / (1 - beta1**step)
        v_hat = v / (1 - beta2**step)
        p.sub_(lr * m_hat / (v_hat.sqrt() + eps))


@torch.no_grad()
def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    if weight_decay:
        grads = torch._foreach_add(grads, params, alpha=weight_decay)
    torch._foreach_lerp_(exp_avgs, grads, 1 - beta1)  # m + (1 - b1) * (g - m) = b1 * m + (1 - b1) * g
    torch._foreach_mul_(exp_avg_sqs, beta2)
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads, value=1 - beta2)
    denom = torch._foreach_sqrt(exp_avg_sqs)
    torch._foreach_div_(denom, (1 - beta2**step) ** 0.5)
    torch._foreach_add_(denom, eps)
    torch._foreach_addcdiv_(params, exp_avgs, denom, value=-lr / (1 - beta1**step))
