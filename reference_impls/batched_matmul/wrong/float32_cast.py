# computes in float32 and casts back: int32 results lose exactness above 2**24, float64 loses precision
# zh: 先转成 float32 计算再转回：int32 结果超过 2**24 后不再精确，float64 丢精度
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    prod = a.float().unsqueeze(-1) * b.float().unsqueeze(1)
    return prod.sum(dim=2).to(a.dtype)
