# integer floor division for the shards: ints, and truncated when num_params*bytes is not divisible by dp
# zh: 分片时用整数整除：返回 int，而且 num_params*字节数不能被 dp 整除时被截断
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    p, g, o = 2 * num_params, 2 * num_params, 12 * num_params
    if stage >= 1:
        o //= dp
    if stage >= 2:
        g //= dp
    if stage >= 3:
        p //= dp
    return (p, g, o)
