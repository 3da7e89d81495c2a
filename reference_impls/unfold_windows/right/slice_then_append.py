# Lets a basic slice x[:n - size + 1:step] give the window count, stride and offset, then appends the window dim with as_strided.
import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    n = x.shape[0]
    if not (0 <= size <= n) or step < 1:
        raise RuntimeError(f"bad unfold: dim 0 has size {n}, size={size}, step={step}")
    starts = x[: n - size + 1 : step]
    shp, strd = list(starts.shape), list(starts.stride())
    if size == 0:  # n+1 start positions, more than x has rows
        shp[0] = n // step + 1
        strd[0] = step * x.stride(0)
    return starts.as_strided((*shp, size), (*strd, x.stride(0)), x.storage_offset())
