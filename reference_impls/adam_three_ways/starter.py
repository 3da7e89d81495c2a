"""One Adam step, written twice: a per-parameter loop and with torch._foreach_* ops.

Both functions take lists of tensors of equal length - the parameters, their gradients, and
Adam's two running averages exp_avgs (m) and exp_avg_sqs (v), which start as zeros - plus the
1-based step number t, and update params, exp_avgs and exp_avg_sqs *in place*, exactly as
`torch.optim.Adam(params, lr, betas=(beta1, beta2), eps, weight_decay)` does (amsgrad off):

    g = grad + weight_decay * param          # L2 on the gradient, as torch's Adam (not AdamW) does
    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g
    param -= lr * (m / (1 - beta1**t)) / (sqrt(v / (1 - beta2**t)) + eps)

`adam_loop` may loop over the parameters. `adam_foreach` must not: it applies each operation to
the whole list at once with `torch._foreach_*` functions (`_foreach_mul_`, `_foreach_add_`,
`_foreach_addcmul_`, `_foreach_sqrt`, `_foreach_div_`, ...), the way torch's foreach=True
implementation saves a kernel launch per tensor. Do not modify the grads lists' tensors, and do
not use torch.optim. params may be nn.Parameters that require grad, as torch.optim receives them.
The grader runs several steps and compares every tensor after every step
with torch.optim.Adam's for-loop, foreach and fused implementations, and counts the ops
adam_foreach dispatches.
"""

import torch


def adam_loop(params: list[torch.Tensor], grads: list[torch.Tensor], exp_avgs: list[torch.Tensor],
              exp_avg_sqs: list[torch.Tensor], step: int, *, lr: float, beta1: float, beta2: float,
              eps: float, weight_decay: float) -> None:
    raise NotImplementedError


def adam_foreach(params: list[torch.Tensor], grads: list[torch.Tensor], exp_avgs: list[torch.Tensor],
                 exp_avg_sqs: list[torch.Tensor], step: int, *, lr: float, beta1: float, beta2: float,
                 eps: float, weight_decay: float) -> None:
    raise NotImplementedError
