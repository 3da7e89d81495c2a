# "A non-contiguous tensor may only split its dims": misses merges inside a contiguous run of dims.
# zh: 认为“不连续的张量只能拆分维度”，漏掉了在一段连续的维度内部合并的情况。
import math


def solve(shape, stride, new_shape):
    if math.prod(shape) == 0:
        return True
    dims = [(s, st) for s, st in zip(shape, stride, strict=True) if s != 1]
    expect = 1
    contiguous = True
    for s, st in reversed(dims):
        contiguous = contiguous and st == expect
        expect *= s
    if contiguous:
        return True
    new = [s for s in new_shape if s != 1]
    j = 0
    for s, _ in dims:  # every old dim must be the product of a run of new dims
        acc = 1
        while acc < s and j < len(new):
            acc *= new[j]
            j += 1
        if acc != s:
            return False
    return j == len(new)
