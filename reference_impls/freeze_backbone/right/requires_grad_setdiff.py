# requires_grad_(False) on the backbone, then a set difference by id over named_parameters(remove_duplicate=False) (holdout round 9)
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    backbone = model.backbone
    backbone.requires_grad_(False)
    frozen_ids = set(map(id, backbone.parameters()))
    keep = {}
    for _, p in model.named_parameters(remove_duplicate=False):
        if id(p) not in frozen_ids:
            keep.setdefault(id(p), p)
    settings = dict(lr=lr, momentum=0.9, weight_decay=1e-4)
    return torch.optim.SGD(params=list(keep.values()), **settings)
