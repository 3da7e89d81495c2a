# aranges over x.size(d) instead of index.size(d): breaks when index is smaller than x in the other dims
# zh: arange 的长度取 x.size(d) 而不是 index.size(d)：index 在其他维上比 x 小时出错
import torch


def solve(x: torch.Tensor, dim: int, index: torch.Tensor) -> torch.Tensor:
    dim = dim % x.dim()
    idx = []
    for d in range(x.dim()):
        if d == dim:
            idx.append(index)
        else:
            shape = [1] * x.dim()
            shape[d] = x.size(d)
            idx.append(torch.arange(x.size(d)).view(shape))
    return x[tuple(idx)]
