# Mixes up the stages: stage 1 already partitions the gradients and stage 2 the parameters.
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    params = 2.0 * num_params / (dp if stage >= 2 else 1)
    grads = 2.0 * num_params / (dp if stage >= 1 else 1)
    optim = 12.0 * num_params / (dp if stage >= 1 else 1)
    return (params, grads, optim)
