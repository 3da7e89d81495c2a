# Works from named_parameters(): freezes by the "backbone." prefix and filters the rest with filter().
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    for name, p in model.named_parameters():
        if name.startswith("backbone."):
            p.requires_grad = False
    trainable = filter(lambda p: p.requires_grad, model.parameters())
    return torch.optim.SGD(trainable, lr=lr, momentum=0.9, weight_decay=1e-4)
