# "already channels_last" tested by exact equality with the canonical strides: size-1 dims (C=1, H=W=1) make it copy when torch returns x
# zh: 用与标准步长完全相等来判断“已经是 channels_last”：有大小为 1 的维（C=1、H=W=1）时会拷贝，而 torch 直接返回 x
# pending: needs an identity check (`result is x`): on the inputs where it differs from torch it returns a view with x's storage, strides and offset, which no check of values or layout can tell from x itself
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    N, C, H, W = x.shape
    if x.stride() == (H * W * C, 1, W * C, C):
        return x
    return x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
