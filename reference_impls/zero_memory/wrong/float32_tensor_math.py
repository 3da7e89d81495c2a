# Byte counts computed in a float32 tensor: above 2**24 they are rounded, ~3e-8 off (holdout round 9)
# zh: 在 float32 张量里计算字节数：超过 2**24 后被舍入，误差约 3e-8（第 9 轮盲测）
import torch


def solve(num_params: int, dp: int, stage: int) -> tuple[float, float, float]:
    per_param = torch.tensor([2.0, 2.0, 12.0])
    divisor = torch.tensor([dp if stage >= 3 else 1, dp if stage >= 2 else 1, dp if stage >= 1 else 1])
    return tuple((per_param * num_params / divisor).tolist())
