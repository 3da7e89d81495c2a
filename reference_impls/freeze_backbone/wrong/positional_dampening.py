# passes momentum and weight decay positionally: SGD(params, lr, momentum, dampening, weight_decay) puts 1e-4 into dampening
# zh: 按位置传入 momentum 和 weight decay：SGD(params, lr, momentum, dampening, weight_decay) 把 1e-4 传给了 dampening。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    model.backbone.requires_grad_(False)
    return torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr, 0.9, 1e-4)
