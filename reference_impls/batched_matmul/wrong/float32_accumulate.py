# Computes in float32 "to be safe" and casts back: loses float64 precision and large int32 sums.
# zh: “保险起见”先转成 float32 计算再转回去：float64 丢了精度，很大的 int32 求和也会出错。
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    prod = a.float().unsqueeze(-1) * b.float().unsqueeze(-3)
    return prod.sum(dim=-2).to(a.dtype)
