# scales the received tensor in place (args[0].mul_): the caller's/previous layer's tensor changes too
# zh: 原地缩放收到的张量（args[0].mul_）：调用方或前一层的张量也被改变。
from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    mod = model.get_submodule(name)

    def hook(module, args):
        args[0].mul_(scale)

    return mod.register_forward_pre_hook(hook)
