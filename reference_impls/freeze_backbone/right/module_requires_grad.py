# Freezes with Module.requires_grad_(False), which recurses, and hands the optimizer the head's parameters.
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    model.backbone.requires_grad_(False)
    return torch.optim.SGD(model.head.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
