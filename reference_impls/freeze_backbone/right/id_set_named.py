# collects backbone parameters by identity over named_modules(recurse=False) (handles tied weights), freezes with p.requires_grad = False, optimizer list in model order
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    frozen = set()
    for _, module in model.backbone.named_modules():
        for _, p in module.named_parameters(recurse=False):
            p.requires_grad = False
            frozen.add(id(p))
    trainable = []
    for _, p in model.named_parameters():
        if id(p) not in frozen and p.requires_grad:
            trainable.append(p)
    return torch.optim.SGD(trainable, lr=lr, momentum=0.9, weight_decay=1e-4)
