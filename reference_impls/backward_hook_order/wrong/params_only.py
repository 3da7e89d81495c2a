# hooks only modules that own parameters: activations (ReLU, Tanh) are left out
# zh: 只 hook 拥有参数的模块：漏掉了激活层（ReLU、Tanh）。
import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    order, hs = [], []
    for name, m in model.named_modules():
        if not list(m.children()) and list(m.parameters(recurse=False)):
            hs.append(m.register_full_backward_hook(lambda mod, gi, go, name=name: order.append(name)))
    try:
        model(x).sum().backward()
    finally:
        for h in hs:
            h.remove()
    return order
