# ports is_contiguous(channels_last)'s rule (dims visited in order C, W, H, N; size-1 dims skipped) and copies into torch.empty_strided
import torch


def _is_cl(x):
    expected = 1
    for d in (1, 3, 2, 0):
        if x.size(d) != 1:
            if x.stride(d) != expected:
                return False
            expected *= x.size(d)
    return True


def solve(x):
    if _is_cl(x):
        return x
    N, C, H, W = x.shape
    strides = (H * W * C, 1, W * C, C)
    out = torch.empty_strided(tuple(x.shape), strides, dtype=x.dtype, device=x.device)
    out.copy_(x)
    return out
