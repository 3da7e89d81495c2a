# hooks every module, containers and the root included, not only leaves
# zh: 给每个模块都注册 hook，包括容器和根模块，而不只是叶子模块。
import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    order, hs = [], []
    for name, m in model.named_modules():
        hs.append(m.register_full_backward_hook(lambda mod, gi, go, name=name: order.append(name)))
    try:
        model(x).sum().backward()
    finally:
        for h in hs:
            h.remove()
    return order
