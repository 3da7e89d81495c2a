# iterates named_parameters(), hook uses torch.clamp(min=, max=) keywords; removal in finally
import torch
from torch import nn


def accumulate_clipped(model, batches, clip):
    handles = {}
    try:
        for name, p in model.named_parameters():
            if p.requires_grad:
                handles[name] = p.register_hook(lambda g: torch.clamp(g, min=-clip, max=clip))
        for xb, yb in batches:
            loss = nn.functional.mse_loss(input=model(xb), target=yb)
            loss.backward()
    finally:
        for h in handles.values():
            h.remove()
