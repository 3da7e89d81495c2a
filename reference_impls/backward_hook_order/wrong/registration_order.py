# sorts the fired names back into named_modules() registration order, reversed (assumes backward = reverse registration)
# zh: 把触发的名字按 named_modules() 注册顺序反过来排序（假定反向顺序就是注册顺序的逆序）。
import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    fired, hs = [], []
    names = [n for n, m in model.named_modules() if not list(m.children())]
    for name, m in model.named_modules():
        if not list(m.children()):
            hs.append(m.register_full_backward_hook(lambda mod, gi, go, name=name: fired.append(name)))
    try:
        model(x).sum().backward()
    finally:
        for h in hs:
            h.remove()
    return sorted(fired, key=lambda n: -names.index(n))
