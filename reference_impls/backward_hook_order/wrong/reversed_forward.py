# records forward order with forward hooks and returns it reversed: includes modules whose output never reaches the loss (aux branch), and uses no backward hook at all
# zh: 用 forward hook 记录前向顺序再反转：包含了输出从未到达损失的模块（辅助分支），而且根本没用 backward hook。
import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    order, hs = [], []
    for name, m in model.named_modules():
        if not list(m.children()):
            hs.append(m.register_forward_hook(lambda mod, i, o, name=name: order.append(name)))
    try:
        model(x).sum().backward()
    finally:
        for h in hs:
            h.remove()
    return order[::-1]
