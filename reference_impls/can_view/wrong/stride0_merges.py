# treats stride-0 (expanded) dims as always mergeable with their neighbours
# zh: 把步长为 0（expand 得到）的维当作总能与相邻维合并
from math import prod


def solve(shape, stride, new_shape):
    if prod(shape) == 0:
        return True
    dims = [(s, st) for s, st in zip(shape, stride) if s != 1]
    bounds, acc = [], 1
    for i, (s, st) in enumerate(dims):
        acc *= s
        if i == len(dims) - 1:
            bounds.append(acc)
        elif st != 0 and dims[i + 1][1] != 0 and st != dims[i + 1][1] * dims[i + 1][0]:
            bounds.append(acc)
    newb, acc = {1}, 1
    for s in new_shape:
        acc *= s
        newb.add(acc)
    return all(b in newb for b in bounds)
