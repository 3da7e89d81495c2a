# method not used: no Tensor.register_hook at all; per micro-batch torch.autograd.grad, clamp, and manual accumulation into .grad (same numbers, but the prompt requires a hook on every parameter)
# zh: 完全不用 Tensor.register_hook：每个 micro-batch 用 torch.autograd.grad、裁剪后手动累加到 .grad，数值相同但题目要求每个参数上挂 hook。
import torch
from torch import nn


def accumulate_clipped(model: nn.Module, batches: list[tuple[torch.Tensor, torch.Tensor]], clip: float) -> None:
    params = [p for p in model.parameters() if p.requires_grad]
    for x, y in batches:
        loss = torch.nn.functional.mse_loss(model(x), y)
        grads = torch.autograd.grad(loss, params, allow_unused=True)
        for p, g in zip(params, grads):
            if g is None:
                continue
            g = g.clamp(-clip, clip)
            p.grad = g if p.grad is None else p.grad + g
