# Treats a size-1 dim with an odd stride as non-contiguous, so it copies when it should not.
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
