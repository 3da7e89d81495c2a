# Tensor.__matmul__ taken from the C base class: the Python-level wrapper is on torch.Tensor
import torch


def solve(a, b):
    return torch._C.TensorBase.__matmul__(a, b)
