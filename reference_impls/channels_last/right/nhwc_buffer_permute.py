# checks by permuting x to NHWC and testing that view for row-major contiguity; copies via x.new_empty_strided + slice-assign through an NHWC view
import torch


def solve(x):
    nhwc = x.permute(0, 2, 3, 1)
    exp, ok = 1, True
    for s, st in zip(reversed(nhwc.shape), reversed(nhwc.stride())):
        if s != 1 and st != exp:
            ok = False
        exp *= s
    if ok:
        return x
    N, C, H, W = x.shape
    out = x.new_empty_strided(tuple(x.shape), (C * H * W, 1, W * C, C))
    out.permute(0, 2, 3, 1)[...] = nhwc
    return out
