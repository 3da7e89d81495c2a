# Stage 3 forgets to partition the parameters: it looks just like stage 2.
# zh: stage 3 忘了切分参数：看起来和 stage 2 一模一样。
def solve(num_params, dp, stage):
    params = 2 * num_params / 1
    grads = 2 * num_params / (dp if stage >= 2 else 1)
    optim = 12 * num_params / (dp if stage >= 1 else 1)
    return (params, grads, optim)
