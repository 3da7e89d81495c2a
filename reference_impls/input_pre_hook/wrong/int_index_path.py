# Indexes every digit in the dotted path as module[int(part)]: a ModuleDict whose keys are '0', '1' raises KeyError (holdout round 9)
# zh: 把带点路径里的每个数字都当作 module[int(part)] 下标：键为 '0'、'1' 的 ModuleDict 会抛 KeyError（第 9 轮盲测）
from torch import nn
from torch.utils.hooks import RemovableHandle


def _resolve(model: nn.Module, name: str) -> nn.Module:
    mod = model
    for part in name.split("."):
        mod = mod[int(part)] if part.isdigit() else getattr(mod, part)
    return mod


def scale_input(model: nn.Module, name: str, scale: float) -> RemovableHandle:
    layer = _resolve(model, name)

    def hook(module, args):
        return (args[0] * scale,) + args[1:]

    return layer.register_forward_pre_hook(hook)
