from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    def hook(module, args):
        # What a forward pre-hook returns replaces the positional arguments of forward.
        return (args[0] * scale,)

    return model.get_submodule(name).register_forward_pre_hook(hook)
