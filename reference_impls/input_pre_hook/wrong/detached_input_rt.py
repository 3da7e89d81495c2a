# scales a detached copy: gradients no longer flow to the layers before the hooked one
# zh: 缩放的是 detach 后的副本：梯度不再流向被 hook 层之前的层。
from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    mod = model.get_submodule(name)
    return mod.register_forward_pre_hook(lambda module, args: (args[0].detach() * scale,))
