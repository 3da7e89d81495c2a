# strides recomputed from the shape (assumes x is contiguous): wrong for non-contiguous / stepped / expanded inputs
# zh: 按形状重新计算步长（假设 x 连续）：非连续、带步长或 expand 的输入出错
import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    stride, acc = [], 1
    for s in reversed(x.shape):
        stride.insert(0, acc)
        acc *= s
    size = list(x.shape)
    size[dim0], size[dim1] = size[dim1], size[dim0]
    stride[dim0], stride[dim1] = stride[dim1], stride[dim0]
    return x.as_strided(size, stride)
