# Looks dims up in Python lists (list[-3] wraps, list[2] of 2 dims raises IndexError), and swaps with as_strided.
# zh: 在 Python 列表里查维度（list[-3] 会回绕，2 维时 list[2] 抛 IndexError），再用 as_strided 交换。
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    dims = list(range(x.dim()))
    d0, d1 = dims[dim0 % max(x.dim(), 1)] if dim0 < 0 else dims[dim0], dims[dim1]
    sizes, strides = list(x.shape), list(x.stride())
    sizes[d0], sizes[d1] = sizes[d1], sizes[d0]
    strides[d0], strides[d1] = strides[d1], strides[d0]
    return x.as_strided(sizes, strides, x.storage_offset())
