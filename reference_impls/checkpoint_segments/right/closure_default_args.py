# non-reentrant checkpoint of closures that bind the segment's weights through default arguments; weights are captured, not passed (saves 1 tensor per segment)
import functools
import torch
from torch.utils import checkpoint as ckpt


def solve(x, weights, segments):
    n = len(weights)
    q, r = divmod(n, segments)
    sizes = [q + (1 if i < r else 0) for i in range(segments)]
    h, lo = x, 0
    for size in sizes:
        def seg(inp, ws=tuple(weights[lo:lo + size])):
            return functools.reduce(lambda a, W: torch.tanh(a @ W), ws, inp)
        h = ckpt.checkpoint(seg, h, use_reentrant=False, preserve_rng_state=False)
        lo += size
    return h
