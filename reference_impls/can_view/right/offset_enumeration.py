# Brute force on memory offsets: lists every element's offset in row-major order, derives each new dim's only possible stride, and accepts iff those strides reproduce every offset.
from itertools import product
from math import prod


def _offsets(shape, stride):
    return [sum(i * s for i, s in zip(idx, stride)) for idx in product(*(range(n) for n in shape))]


def solve(shape: tuple[int, ...], stride: tuple[int, ...], new_shape: tuple[int, ...]) -> bool:
    shape, stride, new_shape = tuple(shape), tuple(stride), tuple(new_shape)
    if prod(shape) == 0:
        return True
    offs = _offsets(shape, stride)
    base = offs[0]
    # row-major "flat index" multipliers of the new shape
    mult = [prod(new_shape[d + 1:]) for d in range(len(new_shape))]
    new_stride = [offs[m] - base if n > 1 else 0 for n, m in zip(new_shape, mult)]
    return offs == [base + o for o in _offsets(new_shape, new_stride)]
