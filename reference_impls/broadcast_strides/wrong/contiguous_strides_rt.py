# takes strides from a row-major layout of x's shape instead of x.stride(): wrong for transposed/sliced x
# zh: 按 x 形状的行优先布局取步长而不是 x.stride()：转置或切片的 x 出错
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    rm, acc = [], 1
    for s in reversed(x.shape):
        rm.insert(0, acc)
        acc *= s
    pad = len(shape) - x.dim()
    strides = []
    for i, s in enumerate(shape):
        j = i - pad
        if j < 0 or (x.size(j) == 1 and s != 1):
            strides.append(0)
        elif x.size(j) == s:
            strides.append(rm[j])
        else:
            raise RuntimeError("shapes not broadcastable")
    return x.as_strided(tuple(shape), tuple(strides))
