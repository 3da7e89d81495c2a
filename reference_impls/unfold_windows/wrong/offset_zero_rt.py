# passes storage_offset=0: windows start at the beginning of the storage, not at x's first element
# zh: 传入 storage_offset=0：窗口从存储开头而不是 x 的第一个元素开始
import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    n = (x.size(0) - size) // step + 1
    s0 = x.stride(0)
    return torch.as_strided(x, (n, *x.shape[1:], size), (step * s0, *x.stride()[1:], s0), 0)
