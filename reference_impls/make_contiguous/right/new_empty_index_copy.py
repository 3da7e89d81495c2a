# copies through x.new_empty(...) and slice-assignment out[...] = x instead of copy_
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    contiguous, expect = True, 1
    for d in range(x.dim() - 1, -1, -1):
        if x.size(d) != 1 and x.stride(d) != expect:
            contiguous = False
        expect *= x.size(d)
    if contiguous or x.numel() == 0:
        return x
    out = x.new_empty(tuple(x.shape))
    out[...] = x
    return out
