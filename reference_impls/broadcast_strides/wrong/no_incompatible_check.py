# never checks compatibility: a non-1 dim that differs from the target gets stride 0 instead of raising
# zh: 从不检查能否广播：与目标不同且不为 1 的维被设为步长 0，而不是报错
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    pad = len(shape) - x.dim()
    strides = []
    for i, s in enumerate(shape):
        j = i - pad
        if j >= 0 and x.size(j) == s:
            strides.append(x.stride(j))
        else:
            strides.append(0)
    return x.as_strided(tuple(shape), tuple(strides))
