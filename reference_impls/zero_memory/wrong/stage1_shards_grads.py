# Mixes up the stages: stage 1 already partitions the gradients and stage 2 the parameters.
# zh: 把各 stage 弄混了：以为 stage 1 就切分梯度，stage 2 就切分参数。
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    params = 2.0 * num_params / (dp if stage >= 2 else 1)
    grads = 2.0 * num_params / (dp if stage >= 1 else 1)
    optim = 12.0 * num_params / (dp if stage >= 1 else 1)
    return (params, grads, optim)
