# Removes its hooks only after a forward that returns: if model(x) raises, every hook stays on the model.
# zh: 只有前向正常返回后才移除 hook：一旦 model(x) 抛出异常，所有 hook 都留在模型上。
from torch import nn


def capture(model, x):
    acts = {}
    handles = []
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            handles.append(m.register_forward_hook(lambda mod, a, out, name=name: acts.__setitem__(name, out.detach())))
    model(x)
    for h in handles:
        h.remove()
    return acts
