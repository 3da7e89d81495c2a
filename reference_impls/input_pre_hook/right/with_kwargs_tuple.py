# with_kwargs=True pre-hook that returns (args, kwargs); module found by a dict of named_modules()
from torch import nn


def scale_input(model, name, scale):
    module = dict(model.named_modules())[name]

    def hook(mod, args, kwargs):
        (x, *rest) = args
        return (x * scale, *rest), kwargs

    return module.register_forward_pre_hook(hook, with_kwargs=True)
