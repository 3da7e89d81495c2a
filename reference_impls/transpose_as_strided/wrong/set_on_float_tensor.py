# Builds the view with torch.tensor([]).set_(storage, ...), which reinterprets the storage as float32.
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    size, stride = list(x.shape), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return torch.tensor([]).set_(x.untyped_storage(), x.storage_offset(), size, stride)
