# pairs dims from the left (zip) instead of aligning from the right: wrong whenever len(shape) > x.dim()
# zh: 从左边逐维配对（zip），而不是从右对齐：len(shape) > x.dim() 时都错
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    strides = []
    for i, s in enumerate(shape):
        if i < x.dim() and x.size(i) == s:
            strides.append(x.stride(i))
        else:
            strides.append(0)
    return x.as_strided(tuple(shape), tuple(strides))
