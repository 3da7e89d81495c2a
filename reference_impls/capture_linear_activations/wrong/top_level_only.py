# walks named_children() only: nested Linear layers (encoder.2.fc) are missed
# zh: 只遍历 named_children()：漏掉了嵌套的 Linear 层（如 encoder.2.fc）。
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    acts, handles = {}, []
    for name, m in model.named_children():
        if isinstance(m, nn.Linear):
            handles.append(m.register_forward_hook(lambda mod, inp, out, name=name: acts.__setitem__(name, out.detach())))
    try:
        model(x)
    finally:
        for h in handles:
            h.remove()
    return acts
