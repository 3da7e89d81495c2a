# call sequence: one hook at a time, one forward per Linear (runs model(x) k times instead of once): BatchNorm running stats advance k times, dropout masks differ between layers' captures
# zh: 一次只挂一个 hook，每个 Linear 各跑一次 forward（共 k 次而不是一次）：dropout 掩码和 BatchNorm 统计量都被改变。
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    acts = {}
    for name, m in model.named_modules():
        if not isinstance(m, nn.Linear):
            continue
        h = m.register_forward_hook(lambda mod, i, o, name=name: acts.__setitem__(name, o.detach()))
        try:
            model(x)
        finally:
            h.remove()
    return acts
