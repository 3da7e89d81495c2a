"""NCHW to channels_last (NHWC in memory).

Implement `solve(x)` for a 4-D tensor x of logical shape (N, C, H, W): return a tensor with the
same logical shape and values whose memory is laid out as N, H, W, C - what
`x.contiguous(memory_format=torch.channels_last)` returns - without using memory_format
arguments or `.to(memory_format=...)`. If x is already laid out that way, return x itself.
For a dense (N, C, H, W) tensor the channels_last strides are (H*W*C, 1, W*C, C).
"""

import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    raise NotImplementedError
