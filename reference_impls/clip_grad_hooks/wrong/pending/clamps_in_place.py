# Clamps the gradient in place inside the hook and returns None: a tensor hook must not modify its argument.
from torch.nn import functional as F


def accumulate_clipped(model, batches, clip):
    def hook(g):
        g.clamp_(-clip, clip)

    handles = [p.register_hook(hook) for p in model.parameters()]
    try:
        for x, y in batches:
            F.mse_loss(model(x), y).backward()
    finally:
        for h in handles:
            h.remove()
