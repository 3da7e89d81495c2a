# freezes the backbone, then builds SGD from model.head.parameters(): a weight tied between head and backbone (frozen) lands in the optimizer
# zh: 冻结 backbone 后用 model.head.parameters() 构建 SGD：head 与 backbone 共享的（已冻结）权重进入了优化器。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    for p in model.backbone.parameters():
        p.requires_grad_(False)
    return torch.optim.SGD(model.head.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
