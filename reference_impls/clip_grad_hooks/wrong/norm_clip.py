# clips each micro-batch gradient by its norm (clip_grad_norm style) instead of element-wise
# zh: 按范数裁剪每个 micro-batch 的梯度（类似 clip_grad_norm），而不是逐元素裁剪。
import torch
from torch import nn


def accumulate_clipped(model: nn.Module, batches: list[tuple[torch.Tensor, torch.Tensor]], clip: float) -> None:
    def hook(g):
        n = g.norm()
        return g * (clip / n) if n > clip else g
    handles = [p.register_hook(hook) for p in model.parameters() if p.requires_grad]
    try:
        for x, y in batches:
            torch.nn.functional.mse_loss(model(x), y).backward()
    finally:
        for h in handles:
            h.remove()
