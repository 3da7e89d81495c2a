# Accumulates over k starting from the k=0 term, so an empty inner dimension (k=0) raises.
# zh: 沿 k 累加时从 k=0 那一项起步，内维为空（k=0）时就会报错。
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    out = a[:, :, 0:1] * b[:, 0:1, :]
    for j in range(1, a.shape[2]):
        out = out + a[:, :, j:j + 1] * b[:, j:j + 1, :]
    return out
