import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    n = (x.size(0) - size) // step + 1
    # windows advance by `step` elements of dim 0; inside a window, by one element of dim 0
    sizes = (n, *x.shape[1:], size)
    strides = (x.stride(0) * step, *x.stride()[1:], x.stride(0))
    return x.as_strided(sizes, strides, x.storage_offset())
