# size-1 dims are not skipped: a size-1 dim with an odd stride wrongly splits a chunk
# zh: 没有跳过大小为 1 的维：步长奇怪的大小为 1 的维错误地切断了分块
from math import prod


def solve(shape, stride, new_shape):
    if prod(shape) == 0:
        return True
    chunks, acc = [], 1
    bounds = []
    for i in range(len(shape)):
        acc *= shape[i]
        if i == len(shape) - 1 or stride[i] != stride[i + 1] * shape[i + 1]:
            bounds.append(acc)
    newb, acc = {1}, 1
    for s in new_shape:
        acc *= s
        newb.add(acc)
    return all(b in newb for b in bounds)
