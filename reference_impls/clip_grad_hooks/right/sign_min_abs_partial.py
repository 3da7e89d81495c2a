# clamps as sign(g) * min(|g|, clip) through a functools.partial hook, loops with an iterator and keyword-only loss call, removes handles in reverse with pop()
import functools
import torch
from torch import nn
import torch.nn.functional as F


def _clip(grad, *, limit):
    return torch.sign(grad) * torch.minimum(grad.abs(), torch.as_tensor(limit, dtype=grad.dtype))


def accumulate_clipped(model: nn.Module, batches: list[tuple[torch.Tensor, torch.Tensor]], clip: float) -> None:
    hook = functools.partial(_clip, limit=clip)
    handles = [p.register_hook(hook) for p in model.parameters()]
    try:
        it = iter(batches)
        for x, y in it:
            F.mse_loss(input=model(x), target=y, reduction="mean").backward()
    finally:
        while handles:
            handles.pop().remove()
    return None
