# Passes storage_offset=0 to as_strided, so a view that starts inside its storage reads from the start.
# zh: 给 as_strided 传了 storage_offset=0，起点在 storage 中间的视图会从 storage 开头读起。
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    lead = len(shape) - x.dim()
    strides = [0] * lead
    for size, have, st in zip(shape[lead:], x.shape, x.stride(), strict=False):
        strides.append(st if have == size else 0)
    return x.as_strided(shape, strides, 0)
