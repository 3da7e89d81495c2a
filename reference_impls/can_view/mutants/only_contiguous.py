# The classic over-simplification: "view only works on contiguous tensors".
import math


def solve(shape, stride, new_shape):
    expected, acc = [], 1
    for size in reversed(shape):
        expected.append(acc)
        acc *= size
    expected.reverse()
    return all(s == 1 or st == e for s, st, e in zip(shape, stride, expected)) or math.prod(shape) == 0
