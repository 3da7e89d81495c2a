# forward hook that scales the OUTPUT (equal only for bias-free linear layers): layer never sees the scaled input
# zh: 用 forward hook 缩放输出（只对无偏置的 Linear 等价）：该层从未看到缩放后的输入。
from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    mod = model.get_submodule(name)
    return mod.register_forward_hook(lambda module, args, output: output * scale)
