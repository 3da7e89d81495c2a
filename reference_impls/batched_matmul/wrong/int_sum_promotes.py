# broadcast-multiply then .sum(): integer inputs come back int64 (sum promotes), not int32 as torch.matmul
# zh: 广播相乘后调用 .sum()：整数输入得到 int64（sum 会提升类型），而 torch.matmul 返回 int32
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return (a.unsqueeze(-1) * b.unsqueeze(1)).sum(dim=2)
