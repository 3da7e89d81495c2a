# Swaps (size, stride) pairs of a list: a dim out of range on a 0-dim tensor (or past the last dim) is not refused, where transpose raises.
# zh: 交换 (size, stride) 列表中的两项：0 维张量上越界的 dim（或超过最后一维的 dim）没有被拒绝，而 transpose 会报错。
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    pairs = list(zip(x.shape, x.stride()))
    if pairs:
        pairs[dim0], pairs[dim1] = pairs[dim1], pairs[dim0]
    sizes = [p[0] for p in pairs]
    strides = [p[1] for p in pairs]
    return x.as_strided(sizes, strides)
