# Stores the outputs without detach(): each one keeps the whole autograd graph alive.
from torch import nn


def capture(model, x):
    acts = {}
    handles = [m.register_forward_hook(lambda mod, args, out, name=name: acts.update({name: out}))
               for name, m in model.named_modules() if isinstance(m, nn.Linear)]
    model(x)
    for h in handles:
        h.remove()
    return acts
