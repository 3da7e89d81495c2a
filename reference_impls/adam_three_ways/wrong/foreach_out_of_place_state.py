# uses the out-of-place _foreach_mul/_foreach_add for the moments and rebinds the local lists: the caller's exp_avgs / exp_avg_sqs are never updated
# zh: 对一阶、二阶矩用非原地的 _foreach_mul/_foreach_add 并重新绑定局部列表：调用方的 exp_avgs / exp_avg_sqs 从未更新。
import torch


@torch.no_grad()
def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    bc1 = 1 - beta1 ** step
    bc2_sqrt = (1 - beta2 ** step) ** 0.5
    for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs):
        if weight_decay != 0:
            g = g.add(p, alpha=weight_decay)
        m.mul_(beta1).add_(g, alpha=1 - beta1)
        v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
        denom = (v.sqrt() / bc2_sqrt).add_(eps)
        p.addcdiv_(m, denom, value=-lr / bc1)


@torch.no_grad()
def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    bc1 = 1 - beta1 ** step
    bc2_sqrt = (1 - beta2 ** step) ** 0.5
    if weight_decay != 0:
        grads = torch._foreach_add(grads, params, alpha=weight_decay)
    exp_avgs = torch._foreach_mul(exp_avgs, beta1)
    exp_avgs = torch._foreach_add(exp_avgs, grads, alpha=1 - beta1)
    exp_avg_sqs = torch._foreach_mul(exp_avg_sqs, beta2)
    exp_avg_sqs = torch._foreach_addcmul(exp_avg_sqs, grads, grads, value=1 - beta2)
    denom = torch._foreach_sqrt(exp_avg_sqs)
    torch._foreach_div_(denom, bc2_sqrt)
    torch._foreach_add_(denom, eps)
    torch._foreach_addcdiv_(params, exp_avgs, denom, value=-lr / bc1)
