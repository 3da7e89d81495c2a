# first adds the missing leading dims with unsqueeze (a view), then only zeroes strides of grown size-1 dims
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    shape = tuple(shape)
    if len(shape) < x.dim():
        raise RuntimeError("target shape has fewer dims than the tensor")
    y = x
    while y.dim() < len(shape):
        y = y.unsqueeze(0)
    strides = []
    for d, tgt in enumerate(shape):
        if y.size(d) == tgt:
            strides.append(y.stride(d))
        elif y.size(d) == 1:
            strides.append(0)
        else:
            raise RuntimeError(f"size {y.size(d)} cannot broadcast to {tgt} at dim {d}")
    return torch.as_strided(y, shape, strides, y.storage_offset())
