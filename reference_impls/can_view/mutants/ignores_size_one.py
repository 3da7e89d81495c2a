# Forgets that size-1 dims may carry any stride: treats them as breaking the chunk.
import math


def solve(shape, stride, new_shape):
    if math.prod(shape) == 0:
        return True
    chunks = []
    for size, st in zip(shape, stride):
        if chunks and chunks[-1][-1][1] == st * size:
            chunks[-1].append((size, st))
        else:
            chunks.append([(size, st)])
    chunk_sizes = [math.prod(s for s, _ in c) for c in chunks]
    new = [s for s in new_shape if s != 1]
    i, acc = 0, 1
    for size in new:
        while i < len(chunk_sizes) and chunk_sizes[i] == 1:
            i += 1
        if i >= len(chunk_sizes):
            return False
        acc *= size
        if acc > chunk_sizes[i] or chunk_sizes[i] % acc:
            return False
        if acc == chunk_sizes[i]:
            i, acc = i + 1, 1
    return all(c == 1 for c in chunk_sizes[i:]) and acc == 1
