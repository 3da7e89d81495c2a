# Stage 2 still counts the full gradients on every GPU (only stage 3 partitions them here).
# zh: stage 2 仍按每张 GPU 持有完整梯度来计算（这里只在 stage 3 才切分梯度）。
def solve(num_params, dp, stage):
    params = 2 * num_params / (dp if stage >= 3 else 1)
    grads = 2 * num_params / (dp if stage >= 3 else 1)
    optim = 12 * num_params / (dp if stage >= 1 else 1)
    return (params, grads, optim)
