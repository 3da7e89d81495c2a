# registers a global forward pre-hook (all modules) filtered by identity instead of a hook on the submodule
# zh: 注册全局 forward pre-hook（作用于所有模块）再按身份过滤，而不是在子模块上注册 hook。
import torch
from torch import nn
from torch.utils.hooks import RemovableHandle


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    target = model.get_submodule(name)

    def hook(module, args):
        if module is target:
            return (args[0] * scale,)
        return None

    return torch.nn.modules.module.register_module_forward_pre_hook(hook)
