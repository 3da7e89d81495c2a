# Returns the scaled tensor itself, not a tuple: register_forward_pre_hook wraps a single value into a tuple.
from torch import nn


def scale_input(model: nn.Module, name: str, scale: float):
    def hook(module, args):
        (x,) = args
        return x * scale

    return model.get_submodule(name).register_forward_pre_hook(hook)
