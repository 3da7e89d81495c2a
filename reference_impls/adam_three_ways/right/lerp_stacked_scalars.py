# mirrors torch's own kernels: lerp_ for the first moment, per-tensor scalar lists for the foreach step sizes, update via _foreach_addcdiv_ with a ScalarList
import torch


def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    with torch.no_grad():
        for i in range(len(params)):
            p, m, v = params[i], exp_avgs[i], exp_avg_sqs[i]
            g = grads[i] if weight_decay == 0 else grads[i] + weight_decay * p
            m.lerp_(g, 1 - beta1)
            v.mul_(beta2).addcmul_(g, g.conj(), value=1 - beta2)
            step_size = lr / (1 - beta1 ** step)
            denom = v.sqrt().div_((1 - beta2 ** step) ** 0.5).add_(eps)
            p.addcdiv_(m, denom, value=-step_size)


def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    if not params:
        return
    with torch.no_grad():
        g = torch._foreach_add(grads, params, alpha=weight_decay) if weight_decay else grads
        torch._foreach_lerp_(exp_avgs, g, 1 - beta1)
        torch._foreach_mul_(exp_avg_sqs, beta2)
        torch._foreach_addcmul_(exp_avg_sqs, g, g, 1 - beta2)
        n = len(params)
        step_sizes = [-(lr / (1 - beta1 ** step))] * n
        bc2_sqrt = [(1 - beta2 ** step) ** 0.5] * n
        denom = torch._foreach_sqrt(exp_avg_sqs)
        torch._foreach_div_(denom, bc2_sqrt)
        torch._foreach_add_(denom, eps)
        torch._foreach_addcdiv_(params, exp_avgs, denom, step_sizes)
