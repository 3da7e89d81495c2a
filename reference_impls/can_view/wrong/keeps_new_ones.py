# Drops size-1 dims from the old shape but not from the new one, so a trailing new 1 finds no chunk left.
import math


def solve(shape, stride, new_shape):
    if math.prod(shape) == 0:
        return True
    chunks = []
    for s, st in zip(shape, stride, strict=True):
        if s == 1:
            continue
        if chunks and chunks[-1][1] == st * s:
            chunks[-1] = (chunks[-1][0] * s, st)
        else:
            chunks.append((s, st))
    i, acc = 0, 1
    for s in new_shape:
        if i == len(chunks):
            return False
        acc *= s
        if chunks[i][0] % acc:
            return False
        if acc == chunks[i][0]:
            i, acc = i + 1, 1
    return i == len(chunks)
