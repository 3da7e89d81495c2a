import math


def solve(shape, stride, new_shape):
    if math.prod(shape) == 0:
        return True
    # Drop size-1 dims: their stride is irrelevant.
    dims = [(s, st) for s, st in zip(shape, stride) if s != 1]
    # Group the old dims into chunks that are contiguous among themselves.
    chunks = []
    for size, st in dims:
        if chunks and chunks[-1][-1][1] == st * size:
            chunks[-1].append((size, st))
        else:
            chunks.append([(size, st)])
    chunk_sizes = [math.prod(s for s, _ in c) for c in chunks]
    # Each new dim (ignoring size-1 dims) must be formed within one chunk, in order.
    new = [s for s in new_shape if s != 1]
    i, acc = 0, 1
    for size in new:
        if i >= len(chunk_sizes):
            return False
        acc *= size
        if acc > chunk_sizes[i] or chunk_sizes[i] % acc:
            return False
        if acc == chunk_sizes[i]:
            i, acc = i + 1, 1
    return i == len(chunk_sizes) and acc == 1
