# Normalises dims with % ndim, so transpose(0, 2) of a 2-d tensor silently becomes transpose(0, 0) where torch raises.
# zh: 用 % ndim 归一化维度，于是对 2-d 张量做 transpose(0, 2) 会悄悄变成 transpose(0, 0)，而 torch 会报错。
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    d0, d1 = dim0 % x.dim(), dim1 % x.dim()
    size, stride = list(x.shape), list(x.stride())
    size[d0], size[d1] = size[d1], size[d0]
    stride[d0], stride[d1] = stride[d1], stride[d0]
    return x.as_strided(size, stride, x.storage_offset())
