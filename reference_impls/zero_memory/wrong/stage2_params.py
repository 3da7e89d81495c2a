# partitions in the wrong order: stage 2 shards the parameters and stage 3 the gradients
# zh: 切分顺序错了：stage 2 切分参数，stage 3 才切分梯度
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    p, g, o = 2.0 * num_params, 2.0 * num_params, 12.0 * num_params
    if stage >= 1:
        o /= dp
    if stage >= 2:
        p /= dp
    if stage >= 3:
        g /= dp
    return (p, g, o)
