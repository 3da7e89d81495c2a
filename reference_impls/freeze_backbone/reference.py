import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    # parameters() recurses into every submodule of the backbone.
    for p in model.backbone.parameters():
        p.requires_grad_(False)
    trainable = [p for p in model.parameters() if p.requires_grad]
    return torch.optim.SGD(trainable, lr=lr, momentum=0.9, weight_decay=1e-4)
