# Checks dims from the innermost out in one all() and copies into an explicit empty_strided buffer.
import math

import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    shape, stride = tuple(x.shape), x.stride()
    inner = [math.prod(shape[i + 1:]) for i in range(len(shape))]
    if math.prod(shape) == 0 or all(shape[i] == 1 or stride[i] == inner[i] for i in range(len(shape))):
        return x
    out = torch.empty_strided(shape, inner, dtype=x.dtype, device=x.device)
    out.copy_(x)
    return out


if __name__ == "__main__":
    t = torch.arange(6.0).view(2, 3).t()
    assert solve(t).stride() == (2, 1) and torch.equal(solve(t), t)
    print("ok")
