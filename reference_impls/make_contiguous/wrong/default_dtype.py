# allocates the copy with torch.empty(x.shape) and forgets dtype: int/float64/half inputs come back as float32
# zh: 用 torch.empty(x.shape) 分配拷贝却忘了 dtype：整数、float64、半精度输入都变成 float32
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    exp = 1
    for s, st in zip(reversed(x.shape), reversed(x.stride())):
        if s != 1 and st != exp:
            out = torch.empty(x.shape)
            out.copy_(x)
            return out
        exp *= s
    return x
