# builds the result as a list and returns it (the prompt asks for a tuple of three floats)
# zh: 把结果做成列表返回（题目要求三个浮点数组成的元组）
def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    sizes = [2.0 * num_params, 2.0 * num_params, 12.0 * num_params]
    for i, first_stage in ((2, 1), (1, 2), (0, 3)):
        if stage >= first_stage:
            sizes[i] /= dp
    return sizes
