# own recursive walk over named_children builds the names but does not de-duplicate: a leaf registered under two attribute names (tied/shared module) gets two hooks, fires twice per call under both names, unlike named_modules()
# zh: 自己递归 named_children 取名字且不去重：共享的叶子被注册两个 hook，每次调用以两个名字各触发一次。
import torch
from torch import nn


def _leaves(module, prefix=""):
    kids = list(module.named_children())
    if not kids:
        yield prefix, module
        return
    for n, child in kids:
        yield from _leaves(child, f"{prefix}.{n}" if prefix else n)


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    order = []
    handles = []
    for name, m in _leaves(model):
        handles.append(m.register_full_backward_hook(lambda mod, gi, go, name=name: order.append(name)))
    try:
        model(x).sum().backward()
    finally:
        for h in handles:
            h.remove()
    return order
