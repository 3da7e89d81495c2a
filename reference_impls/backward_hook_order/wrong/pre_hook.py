# uses register_full_backward_pre_hook (fires when grad_output is ready, before the module's backward) instead of the full backward hook
# zh: 使用 register_full_backward_pre_hook（grad_output 就绪、模块反向之前触发），而不是 full backward hook。
import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    order, hs = [], []
    for name, m in model.named_modules():
        if not list(m.children()):
            hs.append(m.register_full_backward_pre_hook(lambda mod, go, name=name: order.append(name)))
    try:
        model(x).sum().backward()
    finally:
        for h in hs:
            h.remove()
    return order
