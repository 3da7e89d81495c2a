# Stage 2 still counts the full gradients on every GPU (only stage 3 partitions them here).
def solve(num_params, dp, stage):
    params = 2 * num_params / (dp if stage >= 3 else 1)
    grads = 2 * num_params / (dp if stage >= 3 else 1)
    optim = 12 * num_params / (dp if stage >= 1 else 1)
    return (params, grads, optim)
