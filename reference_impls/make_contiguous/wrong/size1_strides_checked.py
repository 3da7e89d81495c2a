# compares every stride with the row-major one, size-1 dims included: copies tensors that are already contiguous
# zh: 把每个步长都和行优先步长比较，包括大小为 1 的维：已经连续的张量也被拷贝了
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    exp, ok = 1, True
    for s, st in zip(reversed(x.shape), reversed(x.stride())):
        if st != exp:
            ok = False
        exp *= s
    if ok:
        return x
    out = torch.empty(x.shape, dtype=x.dtype, device=x.device)
    out.copy_(x)
    return out
