# Copies with torch.flatten(x).unflatten(0, x.shape): on a 1-D tensor flatten is a no-op, so a stepped 1-D input comes back as the same non-contiguous view.
# zh: 用 torch.flatten(x).unflatten(0, x.shape) 拷贝：一维张量上 flatten 什么都不做，带步长的一维输入原样返回，仍是非连续的视图。
import math
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    sizes, strides = x.shape, x.stride()
    expected = [math.prod(sizes[i + 1:]) for i in range(len(sizes))]
    if x.numel() == 0 or all(s == 1 or st == e for s, st, e in zip(sizes, strides, expected)):
        return x
    if x.dim() == 0:
        return x
    return torch.flatten(x).unflatten(0, sizes)
