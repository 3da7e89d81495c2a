# Walks the backbone's modules, freezes by identity and passes an explicit param-group dict (holdout round 9)
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    frozen = {}
    for m in model.get_submodule("backbone").modules():
        for p in m._parameters.values():
            if p is not None:
                frozen[id(p)] = p
    for p in frozen.values():
        p.requires_grad_(False)
    group = {"params": [p for p in model.parameters() if id(p) not in frozen]}
    return torch.optim.SGD([group], lr=lr, momentum=0.9, dampening=0, weight_decay=1e-4, nesterov=False)
