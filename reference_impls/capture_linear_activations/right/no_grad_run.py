# Runs the forward under torch.no_grad(), so the captured outputs carry no graph and need no detach().
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    acts: dict[str, torch.Tensor] = {}
    handles = []
    try:
        for name, m in model.named_modules():
            if isinstance(m, nn.Linear):
                handles.append(m.register_forward_hook(
                    lambda mod, args, out, key=name: acts.update({key: out})))
        with torch.no_grad():
            model(x)
    finally:
        for h in handles:
            h.remove()
    return acts
