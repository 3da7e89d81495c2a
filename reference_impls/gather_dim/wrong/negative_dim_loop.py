# compares the loop variable with a negative dim without normalising it: dim=-1 indexes nothing with index
# zh: 循环变量与负的 dim 比较前没有归一化：dim=-1 时 index 根本没被用上
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    idx = []
    for d in range(x.dim()):
        if d == dim:
            idx.append(index)
        else:
            shape = [1] * x.dim()
            shape[d] = index.size(d)
            idx.append(torch.arange(index.size(d)).view(shape))
    return x[tuple(idx)]
