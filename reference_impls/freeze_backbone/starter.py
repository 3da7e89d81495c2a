"""Freeze a backbone for fine-tuning.

`model` has two submodules, `model.backbone` and `model.head` (each may nest further modules).
Implement `finetune_optimizer(model, lr)`: freeze every parameter of the backbone, at any depth,
so that backward computes no gradient for it, and return
`torch.optim.SGD(<the trainable parameters only>, lr=lr, momentum=0.9, weight_decay=1e-4)`.

The grader then trains a few steps with the usual zero_grad / forward / backward / step loop and
checks the requires_grad flags, which parameters the optimizer's param_groups hold, which
parameters got gradients, and that the backbone's weights did not move.
"""

import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    raise NotImplementedError
