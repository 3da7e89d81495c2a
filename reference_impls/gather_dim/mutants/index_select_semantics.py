# Confuses gather with index_select: picks whole slices by the first row of indices.
# zh: 把 gather 和 index_select 混为一谈：按第一行下标选取整片数据。
import torch


def solve(x, dim, index):
    dim = dim % x.dim()
    picked = x.index_select(dim, index.reshape(-1)[: index.size(dim)])
    slices = tuple(slice(0, s) for s in index.shape)
    return picked[slices]
