# Never removes its hooks: they stay on the model and fire on every later forward.
from torch import nn


def capture(model, x):
    acts = {}
    for name, m in model.named_modules():
        if isinstance(m, nn.Linear):
            m.register_forward_hook(lambda mod, args, out, name=name: acts.update({name: out.detach()}))
    model(x)
    return acts
