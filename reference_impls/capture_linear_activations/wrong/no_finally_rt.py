# removes its hooks only after a successful forward: when forward raises, the hooks stay on the model
# zh: 只有前向成功后才移除 hook：forward 抛出异常时 hook 留在模型上。
import torch
from torch import nn


def capture(model: nn.Module, x: torch.Tensor) -> dict[str, torch.Tensor]:
    acts, handles = {}, []
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            handles.append(m.register_forward_hook(lambda mod, inp, out, name=name: acts.__setitem__(name, out.detach())))
    model(x)
    for h in handles:
        h.remove()
    return acts
