# The hook computes the clamped gradient but returns None, so autograd keeps the original one.
from torch.nn import functional as F


def accumulate_clipped(model, batches, clip):
    def hook(grad):
        grad = grad.clamp(-clip, clip)

    handles = [p.register_hook(hook) for p in model.parameters()]
    for x, y in batches:
        F.mse_loss(model(x), y).backward()
    for h in handles:
        h.remove()
