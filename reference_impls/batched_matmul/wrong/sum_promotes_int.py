# Broadcast-and-sum without a dtype: .sum() promotes int32 to int64, while torch.matmul keeps int32.
# zh: 先广播再求和却没指定 dtype：.sum() 会把 int32 提升成 int64，而 torch.matmul 保持 int32。
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a[:, :, :, None] * b[:, None, :, :]).sum(dim=2)
