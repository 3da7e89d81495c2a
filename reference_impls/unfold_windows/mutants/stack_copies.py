# Right values, built by stacking slices: a copy, not a view.
# zh: 把切片 stack 起来，值是对的，但那是拷贝，不是视图。
import torch


def solve(x, size, step):
    n = (x.size(0) - size) // step + 1
    return torch.stack([x[i * step: i * step + size].movedim(0, -1) for i in range(n)])
