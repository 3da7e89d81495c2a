# Splits with // so each GPU's share is rounded down when dp does not divide the byte count.
# zh: 用 // 来分，dp 不能整除字节数时，每张 GPU 分到的份额被向下取整了。
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    params, grads, optim = 2 * num_params, 2 * num_params, 12 * num_params
    if stage >= 1:
        optim //= dp
    if stage >= 2:
        grads //= dp
    if stage >= 3:
        params //= dp
    return (float(params), float(grads), float(optim))
