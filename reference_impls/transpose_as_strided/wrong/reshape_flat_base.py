# Goes through x.reshape(-1) first, which copies a non-contiguous x, so the result no longer shares x's storage.
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    size, stride = list(x.shape), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    flat = x.reshape(-1)
    return flat.as_strided(size, stride, flat.storage_offset())
