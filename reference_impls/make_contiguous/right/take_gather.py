# Row-major test on the (size, stride) pairs of dims longer than 1 with itertools.accumulate; the copy is torch.take(x, arange(numel)) viewed to x's shape.
from itertools import accumulate
import operator

import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    sizes = list(x.shape)
    if 0 in sizes:
        return x
    suffix = list(accumulate(reversed(sizes), operator.mul, initial=1))[:-1][::-1]
    pairs = [(n, s) for n, s in zip(sizes, x.stride()) if n != 1]
    want = [(n, s) for n, s in zip(sizes, suffix) if n != 1]
    if pairs == want:
        return x
    flat = torch.take(x, torch.arange(x.numel(), device=x.device))
    return flat.view(sizes)
