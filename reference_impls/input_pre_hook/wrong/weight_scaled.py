# scales the layer's weight (once, in place) instead of its input, returning a pre-hook handle that does nothing: bias is not affected and remove() does not undo it
# zh: 缩放层的权重（一次、原地）而不是输入，返回一个什么都不做的 pre-hook handle：偏置不受影响，remove() 也无法撤销。
from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    import torch
    mod = model.get_submodule(name)
    with torch.no_grad():
        mod.weight.mul_(scale)
    return mod.register_forward_pre_hook(lambda module, args: None)
