# Reads unfold's rows as (k*k, C) instead of (C, k*k), pairing each channel with the wrong patch entries.
import torch
import torch.nn.functional as F


def solve(x: torch.Tensor, weight: torch.Tensor, stride: int, padding: int) -> torch.Tensor:
    n, c, h, w = x.shape
    k = weight.shape[-1]
    oh, ow = (h + 2 * padding - k) // stride + 1, (w + 2 * padding - k) // stride + 1
    cols = F.unfold(x, k, padding=padding, stride=stride).view(n, k * k, c, oh * ow)
    w_t = weight.view(c, k * k).t().reshape(1, k * k, c, 1)
    return (cols * w_t).sum(1).view(n, c, oh, ow)
