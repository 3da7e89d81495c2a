# "freezes" with model.backbone.eval(): eval only changes Dropout/BatchNorm behaviour, gradients still flow and the head optimizer is fine
# zh: 用 model.backbone.eval() 来“冻结”：eval 只改变 Dropout/BatchNorm 的行为，梯度照样流动。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    model.backbone.eval()
    return torch.optim.SGD(model.head.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
