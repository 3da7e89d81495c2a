# copies into torch.empty_like(x), which keeps x's (permuted) layout: a transposed input comes back transposed
# zh: 拷贝到 torch.empty_like(x) 里，它保留 x 的（置换）布局：转置的输入拷贝后仍是转置的
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    exp = 1
    for s, st in zip(reversed(x.shape), reversed(x.stride())):
        if s != 1 and st != exp:
            out = torch.empty_like(x)
            out.copy_(x)
            return out
        exp *= s
    return x
