# zero-size tensors not special-cased: judged by their strides like any other tensor
# zh: 没有特殊处理元素个数为 0 的张量：像普通张量一样按步长判断
from math import prod


def solve(shape, stride, new_shape):
    dims = [(s, st) for s, st in zip(shape, stride) if s != 1]
    bounds, acc = [], 1
    for i, (s, st) in enumerate(dims):
        acc *= s
        if i == len(dims) - 1 or st != dims[i + 1][1] * dims[i + 1][0]:
            bounds.append(acc)
    newb, acc = {1}, 1
    for s in new_shape:
        acc *= s
        newb.add(acc)
    return all(b in newb for b in bounds)
