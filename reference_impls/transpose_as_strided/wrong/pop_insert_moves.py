# uses pop/insert, which MOVES dim0 to dim1 (movedim) instead of swapping: equal for 2-D and adjacent dims only
# zh: 用 pop/insert 把 dim0 移到 dim1（相当于 movedim）而不是交换：只有二维或相邻维时才相同
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    nd = x.dim()
    d0, d1 = dim0 % nd, dim1 % nd
    size, stride = list(x.size()), list(x.stride())
    size.insert(d1, size.pop(d0))
    stride.insert(d1, stride.pop(d0))
    return x.as_strided(size, stride, x.storage_offset())
