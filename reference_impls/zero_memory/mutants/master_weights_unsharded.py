# Keeps the fp32 master weights whole on every GPU and partitions only momentum and variance.
# zh: 每张 GPU 上都保留完整的 fp32 主权重，只对 momentum 和 variance 做了切分。
def solve(num_params, dp, stage):
    params = 2 * num_params / (dp if stage >= 3 else 1)
    grads = 2 * num_params / (dp if stage >= 2 else 1)
    optim = 4 * num_params + 8 * num_params / (dp if stage >= 1 else 1)
    return (params, grads, optim)
