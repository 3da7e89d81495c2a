# Hooks only the parameters whose name ends in "weight", so every bias gradient goes through unclipped.
from torch.nn import functional as F


def accumulate_clipped(model, batches, clip):
    handles = [p.register_hook(lambda g: g.clamp(-clip, clip))
               for name, p in model.named_parameters() if name.endswith("weight")]
    try:
        for x, y in batches:
            F.mse_loss(model(x), y).backward()
    finally:
        for h in handles:
            h.remove()
