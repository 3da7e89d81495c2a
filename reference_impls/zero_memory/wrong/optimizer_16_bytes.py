# counts 16 bytes of optimizer state (adds the fp16 copy again) instead of the 12 the prompt states
# zh: 优化器状态按 16 字节计（又加了一份 fp16 拷贝），而不是题目给出的 12 字节
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    p, g, o = 2.0 * num_params, 2.0 * num_params, 16.0 * num_params
    if stage >= 1:
        o /= dp
    if stage >= 2:
        g /= dp
    if stage >= 3:
        p /= dp
    return (p, g, o)
