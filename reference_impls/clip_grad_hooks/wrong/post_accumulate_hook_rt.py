# uses register_post_accumulate_grad_hook to clamp p.grad: that clamps the running sum, not each micro-batch
# zh: 用 register_post_accumulate_grad_hook 裁剪 p.grad：裁剪的是累加和，而不是每个 micro-batch。
import torch
from torch import nn


def accumulate_clipped(model: nn.Module, batches: list[tuple[torch.Tensor, torch.Tensor]], clip: float) -> None:
    def hook(p):
        p.grad.clamp_(-clip, clip)

    handles = [p.register_post_accumulate_grad_hook(hook) for p in model.parameters() if p.requires_grad]
    try:
        for x, y in batches:
            torch.nn.functional.mse_loss(model(x), y).backward()
    finally:
        for h in handles:
            h.remove()
