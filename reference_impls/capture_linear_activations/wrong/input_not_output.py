# records the layer's input (pre-hook) instead of its output
# zh: 用 pre-hook 记录层的输入而不是输出。
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    acts, handles = {}, []
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            handles.append(m.register_forward_pre_hook(lambda mod, args, name=name: acts.__setitem__(name, args[0].detach())))
    try:
        model(x)
    finally:
        for h in handles:
            h.remove()
    return acts
