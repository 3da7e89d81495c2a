# looks the layer up with getattr(model, name): dotted nested names such as "encoder.2.fc" fail
# zh: 用 getattr(model, name) 查找层：像 "encoder.2.fc" 这样带点的嵌套名字会失败。
from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    mod = getattr(model, name)
    return mod.register_forward_pre_hook(lambda module, args: (args[0] * scale,) + args[1:])
