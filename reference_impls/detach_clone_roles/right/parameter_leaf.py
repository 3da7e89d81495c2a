# new_leaf is an nn.Parameter (Tensor subclass) over a fresh copy; tracked_copy via torch.clone(memory_format=...)
import torch
from torch import nn


def solve(x):
    return dict(
        tracked_copy=torch.clone(x, memory_format=torch.preserve_format),
        new_leaf=nn.Parameter(x.detach().clone(), requires_grad=True),
        snapshot=x.detach().clone(memory_format=torch.contiguous_format),
        shared_view=torch.Tensor.detach(x),
    )
