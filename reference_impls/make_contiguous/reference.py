import torch


def _is_row_major(x: torch.Tensor) -> bool:
    expected = 1
    for size, stride in zip(reversed(x.shape), reversed(x.stride())):
        if size != 1 and stride != expected:
            return False
        expected *= size
    return True


def solve(x: torch.Tensor) -> torch.Tensor:
    if x.numel() == 0 or _is_row_major(x):
        return x  # already contiguous: no copy, same storage, same object
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    out.copy_(x)
    return out
