# Sets stride 0 wherever the sizes differ without asking whether the source size is 1: (3,) -> (4,) "broadcasts".
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    lead = len(shape) - x.dim()
    sizes, strides = list(shape), []
    for i, size in enumerate(shape):
        j = i - lead
        if j < 0 or x.size(j) != size:
            strides.append(0)
        else:
            strides.append(x.stride(j))
    return x.as_strided(sizes, strides, x.storage_offset())
