# Calls model.zero_grad() before every micro-batch out of habit, so only the last micro-batch's gradient survives.
from torch.nn import functional as F


def accumulate_clipped(model, batches, clip):
    handles = [p.register_hook(lambda g: g.clamp(-clip, clip)) for p in model.parameters()]
    try:
        for x, y in batches:
            model.zero_grad()
            F.mse_loss(model(x), y).backward()
    finally:
        for h in handles:
            h.remove()
