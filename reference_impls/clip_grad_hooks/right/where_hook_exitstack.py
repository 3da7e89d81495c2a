# hook clamps with torch.where / torch.full_like instead of clamp; handles closed through contextlib.ExitStack
import contextlib
import torch
import torch.nn.functional as F


def accumulate_clipped(model, batches, clip):
    def hook(g):
        hi = torch.full_like(g, clip)
        return torch.where(g > hi, hi, torch.where(g < -hi, -hi, g))
    with contextlib.ExitStack() as stack:
        for p in model.parameters():
            if p.requires_grad:
                stack.enter_context(p.register_hook(hook))
        for x, y in batches:
            F.mse_loss(model(x), y).backward()
    return None
