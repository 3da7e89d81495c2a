import torch


# no_grad, as inside torch.optim: params may be nn.Parameters that require grad, and an in-place
# update of such a leaf is refused while autograd records.
@torch.no_grad()
def adam_loop(params: list[torch.Tensor], grads: list[torch.Tensor], exp_avgs: list[torch.Tensor],
              exp_avg_sqs: list[torch.Tensor], step: int, *, lr: float, beta1: float, beta2: float,
              eps: float, weight_decay: float) -> None:
    bc1 = 1 - beta1**step
    bc2 = 1 - beta2**step
    for p, g, m, v in zip(params, grads, exp_avgs, exp_avg_sqs, strict=True):
        if weight_decay:
            g = g + weight_decay * p
        m.mul_(beta1).add_(g, alpha=1 - beta1)
        v.mul_(beta2).addcmul_(g, g, value=1 - beta2)
        denom = (v / bc2).sqrt_().add_(eps)
        p.addcdiv_(m, denom, value=-lr / bc1)


@torch.no_grad()
def adam_foreach(params: list[torch.Tensor], grads: list[torch.Tensor], exp_avgs: list[torch.Tensor],
                 exp_avg_sqs: list[torch.Tensor], step: int, *, lr: float, beta1: float, beta2: float,
                 eps: float, weight_decay: float) -> None:
    bc1 = 1 - beta1**step
    bc2 = 1 - beta2**step
    if weight_decay:
        grads = torch._foreach_add(grads, params, alpha=weight_decay)  # new list: the inputs stay untouched
    torch._foreach_mul_(exp_avgs, beta1)
    torch._foreach_add_(exp_avgs, grads, alpha=1 - beta1)
    torch._foreach_mul_(exp_avg_sqs, beta2)
    torch._foreach_addcmul_(exp_avg_sqs, grads, grads, value=1 - beta2)
    denom = torch._foreach_div(exp_avg_sqs, bc2)
    torch._foreach_sqrt_(denom)
    torch._foreach_add_(denom, eps)
    torch._foreach_addcdiv_(params, exp_avgs, denom, value=-lr / bc1)
