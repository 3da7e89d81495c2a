# uses == per stage instead of >=: stage 3 shards only the parameters, stage 2 only the gradients
# zh: 每个 stage 用 == 而不是 >=：stage 3 只切分参数，stage 2 只切分梯度
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    p, g, o = 2.0 * num_params, 2.0 * num_params, 12.0 * num_params
    if stage == 1:
        o /= dp
    elif stage == 2:
        g /= dp
    elif stage == 3:
        p /= dp
    return (p, g, o)
