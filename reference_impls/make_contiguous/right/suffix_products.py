# Builds the row-major strides with accumulate and fills a new_empty tensor by slice assignment.
from itertools import accumulate
from operator import mul

import torch


def row_major_strides(shape):
    # suffix products: stride[i] = shape[i+1] * ... * shape[-1]
    return list(accumulate(reversed(shape[1:]), mul, initial=1))[::-1]


def solve(x: torch.Tensor) -> torch.Tensor:
    want = row_major_strides(tuple(x.shape))
    if x.numel() == 0 or all(n == 1 or s == w for n, s, w in zip(x.shape, x.stride(), want, strict=True)):
        return x
    out = x.new_empty(x.shape)
    out[...] = x
    return out
