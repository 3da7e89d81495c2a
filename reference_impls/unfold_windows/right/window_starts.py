# Counts windows from their start positions with range() and checks the arguments like unfold.
import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    length = x.shape[0]
    if step < 1 or size > length:
        raise RuntimeError(f"cannot take windows of {size} every {step} from {length} elements")
    starts = range(0, length - size + 1, step)  # every start whose window fits
    s0 = x.stride(0)
    return x.as_strided((len(starts), *x.shape[1:], size), (s0 * step, *x.stride()[1:], s0), x.storage_offset())
