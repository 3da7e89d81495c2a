import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    # Lay the data out as NHWC, then view it with NCHW dims again: only the strides differ.
    # When x already is channels_last, the NHWC permute is contiguous, contiguous() returns it
    # as is, and the result is a view of x - no copy, as the real memory_format conversion does.
    return x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
