# freezes correctly but hands model.parameters() (all of them) to SGD: param_groups hold the frozen backbone too
# zh: 冻结正确，但把 model.parameters()（全部参数）交给 SGD：param_groups 里也有被冻结的 backbone。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    for p in model.backbone.parameters():
        p.requires_grad = False
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
