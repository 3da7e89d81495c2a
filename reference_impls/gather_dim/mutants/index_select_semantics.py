# Confuses gather with index_select: picks whole slices by the first row of indices.
import torch


def solve(x, dim, index):
    dim = dim % x.dim()
    picked = x.index_select(dim, index.reshape(-1)[: index.size(dim)])
    slices = tuple(slice(0, s) for s in index.shape)
    return picked[slices]
