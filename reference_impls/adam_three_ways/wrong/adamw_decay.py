# decoupled weight decay (AdamW: p *= 1 - lr*wd) instead of torch Adam's L2 term added to the gradient
# zh: 使用解耦权重衰减（AdamW：p *= 1 - lr*wd），而不是 torch Adam 加到梯度上的 L2 项。
import torch


@torch.no_grad()
def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    bc1 = 1 - beta1 ** step
    bc2_sqrt = (1 - beta2 ** step) ** 0.5
    for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs):
        if weight_decay != 0:
            p.mul_(1 - lr * weight_decay)
        m.mul_(beta1).add_(g, alpha=1 - beta1)
        v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
        denom = (v.sqrt() / bc2_sqrt).add_(eps)
        p.addcdiv_(m, denom, value=-lr / bc1)


@torch.no_grad()
def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    bc1 = 1 - beta1 ** step
    bc2_sqrt = (1 - beta2 ** step) ** 0.5
    if weight_decay != 0:
        torch._foreach_mul_(params, 1 - lr * weight_decay)
    torch._foreach_mul_(exp_avgs, beta1)
    torch._foreach_add_(exp_avgs, grads, alpha=1 - beta1)
    torch._foreach_mul_(exp_avg_sqs, beta2)
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads, value=1 - beta2)
    denom = torch._foreach_sqrt(exp_avg_sqs)
    torch._foreach_div_(denom, bc2_sqrt)
    torch._foreach_add_(denom, eps)
    torch._foreach_addcdiv_(params, exp_avgs, denom, value=-lr / bc1)
