# stage 1 also shards the gradients (confuses ZeRO-1 with ZeRO-2)
# zh: stage 1 也切分梯度（把 ZeRO-1 和 ZeRO-2 搞混了）
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    p, g, o = 2.0 * num_params, 2.0 * num_params, 12.0 * num_params
    if stage >= 1:
        o /= dp
        g /= dp
    if stage >= 3:
        p /= dp
    return (p, g, o)
