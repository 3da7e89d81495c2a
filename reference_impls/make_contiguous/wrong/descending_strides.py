# Takes "last stride 1 and strides decreasing" for contiguous, so a column slice with a row gap is returned as is.
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    st = [s for s, n in zip(x.stride(), x.shape, strict=True) if n != 1]
    if not st or (st[-1] == 1 and all(a >= b for a, b in zip(st, st[1:], strict=False))):
        return x
    out = torch.empty(x.shape, dtype=x.dtype)
    out.copy_(x)
    return out
