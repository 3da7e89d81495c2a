# Module.requires_grad_(False) on the backbone and a lazy filter() of trainable parameters passed to SGD (keyword-only settings)
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    model.backbone.requires_grad_(requires_grad=False)
    return torch.optim.SGD(params=filter(lambda t: t.requires_grad, model.parameters()),
                           lr=lr, momentum=0.9, weight_decay=1e-4)
