# splits unfold's C*k*k rows as (k*k, C) instead of (C, k*k): channels mixed up when C > 1
# zh: 把 unfold 的 C*k*k 行按 (k*k, C) 拆分而不是 (C, k*k)：C > 1 时通道被打乱
import torch
import torch.nn.functional as F


def solve(x: torch.Tensor, weight: torch.Tensor, stride: int, padding: int) -> torch.Tensor:
    N, C, H, W = x.shape
    k = weight.shape[-1]
    cols = F.unfold(x, k, padding=padding, stride=stride)
    Ho = (H + 2 * padding - k) // stride + 1
    Wo = (W + 2 * padding - k) // stride + 1
    cols = cols.view(N, k * k, C, -1).transpose(1, 2)
    return (cols * weight.view(1, C, k * k, 1)).sum(2).view(N, C, Ho, Wo)
