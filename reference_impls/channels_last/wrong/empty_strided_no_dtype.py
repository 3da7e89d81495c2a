# Allocates the NHWC buffer with empty_strided but no dtype=, so float64 and integer inputs come back float32.
# zh: 用 empty_strided 分配 NHWC 缓冲区却没传 dtype=，float64 和整数输入返回时都成了 float32。
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    n, c, h, w = x.shape
    if x.permute(0, 2, 3, 1).is_contiguous():
        return x
    out = torch.empty_strided((n, c, h, w), (h * w * c, 1, w * c, c))
    out.copy_(x)
    return out
