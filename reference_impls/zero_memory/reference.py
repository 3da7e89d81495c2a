def solve(num_params, dp, stage):
    params = 2 * num_params / (dp if stage >= 3 else 1)  # fp16 weights
    grads = 2 * num_params / (dp if stage >= 2 else 1)  # fp16 gradients
    optim = 12 * num_params / (dp if stage >= 1 else 1)  # fp32 master weights, momentum, variance
    return (params, grads, optim)
