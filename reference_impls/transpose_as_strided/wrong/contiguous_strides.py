# Computes the strides from x's shape as if x were contiguous, so a permuted or sliced x is read wrongly.
# zh: 把 x 当作连续张量、按形状推算 stride，permute 或切片过的 x 就会读错。
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    size = list(x.shape)
    stride, step = [], 1
    for s in reversed(size):
        stride.insert(0, step)
        step *= s
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return torch.as_strided(x, size, stride, x.storage_offset())
