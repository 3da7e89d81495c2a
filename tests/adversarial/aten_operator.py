# The @ operator through the operator module, after taking the Tensor method from the C base class
import operator

import torch


def solve(a, b):
    return operator.matmul(a, b) if a.numel() > 1 else torch._C.TensorBase.matmul(a, b)
