# fine-tuning recipe with a backbone param group at lr=0 instead of freezing: backward still computes backbone grads, group holds frozen params, weight decay/momentum state kept
# zh: 用 lr=0 的 backbone 参数组代替冻结：反向传播仍计算 backbone 的梯度，参数组也持有被冻结的参数。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    return torch.optim.SGD([
        {"params": model.head.parameters()},
        {"params": model.backbone.parameters(), "lr": 0.0},
    ], lr=lr, momentum=0.9, weight_decay=1e-4)
