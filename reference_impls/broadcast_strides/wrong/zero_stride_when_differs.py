# Sets stride 0 wherever the sizes differ without asking whether the source size is 1: (3,) -> (4,) "broadcasts".
# zh: 只要大小不同就把 stride 设为 0，却不检查源维度大小是否为 1，于是 (3,) -> (4,) 也能“广播”。
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
