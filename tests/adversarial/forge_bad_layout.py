# Claims a layout that does not hold: says its (wrong) result is a view of the input at the right
# strides. Rebuilding that view from the grader's own copy of the input gives other values.
import sys

import torch


def solve(x, dim0, dim1):
    dim0, dim1 = dim0 % x.dim(), dim1 % x.dim()
    size, stride = list(x.size()), list(x.stride())
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    harness = sys.modules["dlprep.checkers.sandbox.harness"]
    real = harness.describe

    def lying_describe(obj, ptrs=None, depth=0):
        d = real(obj, ptrs, depth)
        if d.get("kind") == "tensor":
            d.update(stride=stride, offset=x.storage_offset(), shares=[0])
        return d

    harness.describe = lying_describe
    return torch.zeros(size, dtype=x.dtype) + 1
