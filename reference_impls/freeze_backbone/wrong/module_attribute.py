# sets model.backbone.requires_grad = False: just a new Python attribute on the Module, no parameter is frozen
# zh: 设置 model.backbone.requires_grad = False：只是给 Module 加了一个 Python 属性，没有冻结任何参数。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    model.backbone.requires_grad = False
    params = [p for p in model.parameters() if p.requires_grad]
    return torch.optim.SGD(params, lr=lr, momentum=0.9, weight_decay=1e-4)
