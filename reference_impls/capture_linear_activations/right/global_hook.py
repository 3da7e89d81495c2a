# One global forward hook (register_module_forward_hook) that looks each module up in a name table.
import torch
from torch import nn
from torch.nn.modules.module import register_module_forward_hook


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    names = {id(m): name for name, m in model.named_modules() if isinstance(m, nn.Linear)}
    acts = {}

    def hook(module, args, output):
        if id(module) in names:
            acts[names[id(module)]] = output.detach()

    handle = register_module_forward_hook(hook)
    try:
        model(x)
    finally:
        handle.remove()
    return acts
