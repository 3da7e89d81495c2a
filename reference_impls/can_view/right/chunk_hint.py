# follows the hint literally: drops size-1 dims, splits into contiguous chunks, maps new dims by cumulative element counts
from math import prod


def solve(shape, stride, new_shape):
    shape, stride, new_shape = tuple(shape), tuple(stride), tuple(new_shape)
    if prod(shape) == 0:
        return True
    dims = [(s, st) for s, st in zip(shape, stride) if s != 1]
    new = [s for s in new_shape if s != 1]
    # chunks of old dims that are contiguous among themselves
    chunks = []
    for s, st in dims:
        if chunks and chunks[-1][-1][1] == st * s:
            chunks[-1].append((s, st))
        else:
            chunks.append([(s, st)])
    bounds = set()
    acc = 1
    for ch in chunks:
        acc *= prod(s for s, _ in ch)
        bounds.add(acc)
    # every chunk boundary must be a boundary of the new shape
    acc, newb = 1, {1}
    for s in new:
        acc *= s
        newb.add(acc)
    return bounds <= newb
