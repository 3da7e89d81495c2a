# makes the copy with `x + 0` (elementwise ops keep a dense permuted layout, so strides are not row-major)
# zh: 用 `x + 0` 做拷贝（逐元素运算保留稠密的置换布局，步长不是行优先）
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    exp = 1
    for s, st in zip(reversed(x.shape), reversed(x.stride())):
        if s != 1 and st != exp:
            return x + 0
        exp *= s
    return x
