# Copies into torch.empty_like(x), which keeps a transposed x's strides, so the copy is not row-major.
# zh: 拷贝到 torch.empty_like(x) 里，它会沿用转置 x 的 stride，拷贝出来的结果不是行优先的。
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    step = 1
    for size, stride in zip(reversed(x.shape), reversed(x.stride()), strict=True):
        if size != 1 and stride != step:
            return torch.empty_like(x).copy_(x)
        step *= size
    return x
