# normalises negative dims with `dim + x.dim() - 1` (off by one) when dims are negative
# zh: 负的 dim 用 `dim + x.dim() - 1` 归一化（差一）：dim 为负时出错
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    nd = x.dim()
    if dim0 < 0:
        dim0 = dim0 + nd - 1
    if dim1 < 0:
        dim1 = dim1 + nd - 1
    size, stride = list(x.size()), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return x.as_strided(size, stride, x.storage_offset())
