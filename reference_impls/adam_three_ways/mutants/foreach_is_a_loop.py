# adam_foreach just loops over the parameters: right numbers, but one kernel per tensor and op.
# zh: adam_foreach 只是逐个参数循环：数值没错，但每个张量、每个运算都要单独启动一个 kernel。
import torch


@torch.no_grad()
def adam_loop(params, grads, exp_avgs, exp_avg_sqs, step, *, lr, beta1, beta2, eps, weight_decay):
    bc1, bc2 = 1 - beta1**step, 1 - beta2**step
    for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs):
        g = g + weight_decay * p
        m.mul_(beta1).add_(g, alpha=1 - beta1)
        v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
        p.addcdiv_(m, (v / bc2).sqrt_().add_(eps), value=-lr / bc1)


adam_foreach = adam_loop
