# allocates with torch.empty_strided(shape, strides) without dtype: half/int/double inputs come back float32
# zh: 用 torch.empty_strided(shape, strides) 分配却没传 dtype：半精度、整数、double 输入都变成 float32
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    N, C, H, W = x.shape
    st = (H * W * C, 1, W * C, C)
    exp_ok = all(s == 1 or a == b for s, a, b in zip(x.shape, x.stride(), st)) if x.numel() else True
    if exp_ok and x.stride(1) == 1 or (exp_ok and C == 1):
        return x
    out = torch.empty_strided(x.shape, st)
    out.copy_(x)
    return out
