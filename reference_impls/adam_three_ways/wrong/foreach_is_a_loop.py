# adam_foreach just loops over the tensors with per-tensor ops (calls adam_loop): no _foreach_ kernels, ops scale with the list length
# zh: adam_foreach 只是逐个张量循环（调用 adam_loop）：没有 _foreach_ 内核，算子数随列表长度增长。
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


def adam_foreach(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, lr=lr, beta1=beta1, beta2=beta2, eps=eps,
              weight_decay=weight_decay)
