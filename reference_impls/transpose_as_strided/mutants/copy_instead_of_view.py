# Right numbers, wrong memory: builds the transpose as a new contiguous tensor.
import torch


def solve(x, dim0, dim1):
    dim0, dim1 = dim0 % x.dim(), dim1 % x.dim()
    size, stride = list(x.size()), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return x.as_strided(size, stride, x.storage_offset()).clone(memory_format=torch.contiguous_format)
