# stores the raw output: still attached to the autograd graph (requires_grad / grad_fn set)
# zh: 直接保存原始输出：仍然连在计算图上（带 requires_grad / grad_fn）。
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    acts, handles = {}, []
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            handles.append(m.register_forward_hook(lambda mod, inp, out, name=name: acts.__setitem__(name, out)))
    try:
        model(x)
    finally:
        for h in handles:
            h.remove()
    return acts
