"""Clip every micro-batch's gradient with tensor hooks.

Implement `accumulate_clipped(model, batches, clip)`. For each `(x, y)` in `batches`, in order, compute
`loss = torch.nn.functional.mse_loss(model(x), y)` and call `loss.backward()`, accumulating the
gradients of all micro-batches in the parameters' `.grad` (they start as None; do not zero them
in between). Each micro-batch's gradient must be clamped element-wise to [-clip, clip] *before* it
is added to `.grad` - clamping the accumulated sum afterwards gives a different result. Do this
with a hook on every parameter (`Tensor.register_hook`), and remove all hooks before returning.
Return None.
"""

import torch
from torch import nn


def accumulate_clipped(model: nn.Module, batches: list[tuple[torch.Tensor, torch.Tensor]], clip: float) -> None:
    raise NotImplementedError
