# Compares boundary sets: every element count where a chunk of the old shape ends must also end a new dim.
import math
from itertools import accumulate


def chunk_ends(shape, stride):
    """Running element counts (from the left) at which a contiguous-among-themselves run ends."""
    dims = [(s, st) for s, st in zip(shape, stride, strict=True) if s != 1]
    ends, total = set(), 1
    for k, (s, _) in enumerate(dims):
        total *= s
        nxt = dims[k + 1] if k + 1 < len(dims) else None
        if nxt is None or dims[k][1] != nxt[1] * nxt[0]:
            ends.add(total)
    return ends


def solve(shape, stride, new_shape):
    if math.prod(shape) == 0:
        return True
    new_ends = set(accumulate(new_shape, lambda a, b: a * b))
    return chunk_ends(shape, stride) <= new_ends
