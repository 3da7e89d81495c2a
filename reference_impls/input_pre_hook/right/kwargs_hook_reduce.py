# functools.reduce(getattr) over the path and a hook registered with with_kwargs=True (holdout round 9)
import functools

import torch
from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    target = functools.reduce(getattr, name.split("."), model) if name else model

    def hook(module, args, kwargs):
        first, *rest = args
        return (torch.mul(first, scale), *rest), kwargs

    return target.register_forward_pre_hook(hook, with_kwargs=True)
