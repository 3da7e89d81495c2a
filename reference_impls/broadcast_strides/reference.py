import torch


def solve(x: torch.Tensor, shape):
    shape = tuple(shape)
    lead = len(shape) - x.dim()
    if lead < 0:
        raise ValueError("target shape has fewer dims than x")
    strides = []
    for i, size in enumerate(shape):
        j = i - lead
        if j < 0:
            strides.append(0)  # a new leading dim: every index maps to the same elements
        elif x.size(j) == size:
            strides.append(x.stride(j))
        elif x.size(j) == 1:
            strides.append(0)  # a size-1 dim grows by repeating its one element
        else:
            raise ValueError(f"cannot broadcast dim {j} of size {x.size(j)} to {size}")
    return x.as_strided(shape, strides, x.storage_offset())
