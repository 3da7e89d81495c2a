# storage offset given in bytes (offset * element_size) instead of elements
# zh: storage offset 按字节给出（offset * element_size），而不是按元素
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    size, stride = list(x.size()), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return x.as_strided(size, stride, x.storage_offset() * x.element_size() if x.storage_offset() else 0)
