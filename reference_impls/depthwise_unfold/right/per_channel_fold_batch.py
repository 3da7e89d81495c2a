# folds channels into the batch (N*C, 1, H, W) before unfold, then multiplies by a per-row weight and sums
import torch
import torch.nn.functional as F


def solve(x, weight, stride, padding):
    N, C, H, W = x.shape
    k = weight.shape[-1]
    Ho = (H + 2 * padding - k) // stride + 1
    Wo = (W + 2 * padding - k) // stride + 1
    cols = F.unfold(x.reshape(N * C, 1, H, W), k, 1, padding, stride)   # (N*C, k*k, L)
    w = weight.reshape(1, C, k * k, 1).expand(N, C, k * k, 1).reshape(N * C, k * k, 1)
    return (cols * w).sum(dim=1).reshape(N, C, Ho, Wo)
