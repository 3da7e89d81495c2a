# Uses x's sizes instead of index's for the other dims: breaks when index is smaller than x.
import torch


def solve(x, dim, index):
    dim = dim % x.dim()
    grids = []
    for d in range(x.dim()):
        if d == dim:
            grids.append(index)
        else:
            shape = [1] * x.dim()
            shape[d] = x.size(d)
            grids.append(torch.arange(x.size(d)).reshape(shape))
    return x[tuple(grids)]
