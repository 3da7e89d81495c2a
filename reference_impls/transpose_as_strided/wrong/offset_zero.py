# storage offset passed as 0 explicitly: wrong for inputs that are offset slices (x[1:])
# zh: 显式传入 storage offset 0：输入是带偏移的切片（x[1:]）时出错
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    size, stride = list(x.size()), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return torch.as_strided(x, size, stride, 0)
