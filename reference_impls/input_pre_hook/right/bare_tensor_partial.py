# the hook returns a bare tensor (PyTorch wraps it into a tuple); built from operator.mul via functools.partial and torch.mul
import functools
import torch


def _scaled(scale, module, args):
    return torch.mul(args[0], scale)


def scale_input(model, name, scale):
    target = model
    for part in name.split(".") if name else []:
        target = target.get_submodule(part)
    return target.register_forward_pre_hook(functools.partial(_scaled, scale))
