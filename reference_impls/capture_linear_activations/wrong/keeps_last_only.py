# Keys the dict by the module's class name, so every Linear overwrites the previous one's output.
from torch import nn


def capture(model, x):
    acts = {}
    handles = [m.register_forward_hook(lambda mod, a, out: acts.__setitem__(type(mod).__name__, out.detach()))
               for m in model.modules() if isinstance(m, nn.Linear)]
    try:
        model(x)
    finally:
        for h in handles:
            h.remove()
    return acts
