"""Record the order in which full backward hooks fire.

Implement `backward_order(model, x)`: register a full backward hook
(`register_full_backward_hook`) on every leaf submodule of `model` - every module without
children, activations included - then run `model(x).sum().backward()` and return the names of
those modules (as `model.named_modules()` names them) in the order their backward hooks fired.
Remove every hook before returning. `x` requires grad.
"""

import torch
from torch import nn


def backward_order(model: nn.Module, x: torch.Tensor) -> list[str]:
    raise NotImplementedError
