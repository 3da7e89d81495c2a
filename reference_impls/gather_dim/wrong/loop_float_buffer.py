# Loops over every index position into torch.zeros(index.shape), a float32 buffer whatever x's dtype.
# zh: 逐个下标位置写进 torch.zeros(index.shape)，不管 x 是什么 dtype，这个缓冲区都是 float32。
import itertools

import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    out = torch.zeros(index.shape)
    for pos in itertools.product(*(range(s) for s in index.shape)):
        src = list(pos)
        src[dim] = int(index[pos])
        out[pos] = x[tuple(src)]
    return out
