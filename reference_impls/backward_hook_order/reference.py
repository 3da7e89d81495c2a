import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    fired = []

    def record(name):
        def hook(module, grad_input, grad_output):
            fired.append(name)
        return hook

    handles = [m.register_full_backward_hook(record(name))
               for name, m in model.named_modules() if len(list(m.children())) == 0]
    try:
        model(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return fired
