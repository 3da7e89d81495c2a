# Pads explicitly with F.pad, unfolds without padding, and reduces with a broadcast weight of shape (C, k*k, 1).
import torch
import torch.nn.functional as F


def out_size(n: int, k: int, stride: int) -> int:
    return (n - k) // stride + 1


def solve(x: torch.Tensor, weight: torch.Tensor, stride: int, padding: int) -> torch.Tensor:
    n, c = x.shape[:2]
    k = weight.shape[-1]
    xp = F.pad(x, (padding, padding, padding, padding))
    oh, ow = out_size(xp.shape[2], k, stride), out_size(xp.shape[3], k, stride)
    cols = F.unfold(xp, (k, k), stride=stride).reshape(n, c, k * k, oh * ow)
    return (cols * weight.flatten(1).unsqueeze(-1)).sum(dim=2).reshape(n, c, oh, ow)
