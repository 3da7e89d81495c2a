# Treats a size-1 dim with an odd stride as non-contiguous, so it copies when it should not.
# zh: 把 stride 不寻常的大小为 1 的维当成不连续，于是在不该拷贝时拷贝了。
import torch


def solve(x):
    expected = 1
    ok = True
    for size, stride in zip(reversed(x.shape), reversed(x.stride())):
        if stride != expected:
            ok = False
        expected *= size
    if ok or x.numel() == 0:
        return x
    out = torch.empty(x.shape, dtype=x.dtype)
    out.copy_(x)
    return out
