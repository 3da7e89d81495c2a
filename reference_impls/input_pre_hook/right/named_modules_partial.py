# Looks the layer up in dict(named_modules()), a functools.partial hook returning a bare tensor (holdout round 9)
import functools

from torch import nn
from torch.utils.hooks import RemovableHandle


def _scaled(factor, module, inputs):
    (x,) = inputs
    return x.mul(factor)


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    layers = dict(model.named_modules())
    return layers[name].register_forward_pre_hook(functools.partial(_scaled, float(scale)))
