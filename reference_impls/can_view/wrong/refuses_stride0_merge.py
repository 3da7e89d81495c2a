# Refuses to merge dims whose stride is 0, so a run of broadcast dims (shape (2, 3), strides (0, 0) -> (6,)) is reported as not viewable, where torch views it.
# zh: 拒绝合并 stride 为 0 的维，于是一段相邻的广播维（shape (2, 3)、strides (0, 0) -> (6,)）被判为不能 view，而 torch 可以 view。
from math import prod


def solve(shape: tuple[int, ...], stride: tuple[int, ...], new_shape: tuple[int, ...]) -> bool:
    if prod(shape) == 0:
        return True
    old = [(s, st) for s, st in zip(shape, stride) if s != 1]
    new = [s for s in new_shape if s != 1]
    chunks = []  # (numel, innermost stride), built right to left
    for s, st in reversed(old):
        if chunks and st != 0 and st == chunks[-1][0] * chunks[-1][1]:
            chunks[-1] = (chunks[-1][0] * s, chunks[-1][1])
        else:
            chunks.append((s, st))
    chunks.reverse()
    j = 0
    for n, _ in chunks:
        acc = 1
        while acc < n and j < len(new):
            acc *= new[j]
            j += 1
        if acc != n:
            return False
    return j == len(new)
