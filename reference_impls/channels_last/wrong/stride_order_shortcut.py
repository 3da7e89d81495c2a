# Treats "channel stride is the smallest" as already channels_last, returning a sliced (non-dense) x as is.
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    if x.stride(1) <= min(x.stride(2), x.stride(3)):
        return x
    return x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
