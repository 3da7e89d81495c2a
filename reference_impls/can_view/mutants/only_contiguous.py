# The classic over-simplification: "view only works on contiguous tensors".
# zh: 经典的过度简化：“view 只能用在连续张量上”。
import math


def solve(shape, stride, new_shape):
    expected, acc = [], 1
    for size in reversed(shape):
        expected.append(acc)
        acc *= size
    expected.reverse()
    return all(s == 1 or st == e for s, st, e in zip(shape, stride, expected)) or math.prod(shape) == 0
