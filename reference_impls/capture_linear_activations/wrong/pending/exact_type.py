# Matches with type(m) is nn.Linear, so subclasses of nn.Linear (LoRA or quantised layers) are skipped.
from torch import nn


def capture(model, x):
    acts = {}
    handles = [m.register_forward_hook(lambda mod, a, out, name=name: acts.__setitem__(name, out.detach()))
               for name, m in model.named_modules() if type(m) is nn.Linear]
    try:
        model(x)
    finally:
        for h in handles:
            h.remove()
    return acts
