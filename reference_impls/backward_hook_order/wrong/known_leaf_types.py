# decides "leaf" by a list of known layer types: other leaves (Identity, GELU, custom modules) are missed
# zh: 按已知层类型列表判断“叶子”：漏掉 Identity、GELU 和自定义模块等其他叶子。
import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    kinds = (nn.Linear, nn.Conv2d, nn.ReLU, nn.Tanh, nn.Sigmoid, nn.BatchNorm1d, nn.LayerNorm)
    order, hs = [], []
    for name, m in model.named_modules():
        if isinstance(m, kinds):
            hs.append(m.register_full_backward_hook(lambda mod, gi, go, name=name: order.append(name)))
    try:
        model(x).sum().backward()
    finally:
        for h in hs:
            h.remove()
    return order
