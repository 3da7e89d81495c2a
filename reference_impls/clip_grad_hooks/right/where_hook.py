# Writes the clamp as a torch.where pair and keeps the handles in a dict keyed by parameter name.
import torch
from torch.nn import functional as F


def accumulate_clipped(model, batches, clip):
    def clip_hook(g):
        g = torch.where(g > clip, torch.full_like(g, clip), g)
        return torch.where(g < -clip, torch.full_like(g, -clip), g)

    handles = {name: p.register_hook(clip_hook) for name, p in model.named_parameters()}
    try:
        for x, y in batches:
            F.mse_loss(model(x), y).backward()
    finally:
        while handles:
            handles.popitem()[1].remove()
    return None
