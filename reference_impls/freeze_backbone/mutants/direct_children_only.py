# Freezes only the Linear layers that are direct children of the backbone: nested ones keep training.
# zh: 只冻结了 backbone 的直接子模块里的 Linear 层：嵌套的那些仍在训练。
import torch
from torch import nn


def finetune_optimizer(model, lr):
    for m in model.backbone.children():
        if isinstance(m, nn.Linear):
            for p in m.parameters():
                p.requires_grad_(False)
    return torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr, momentum=0.9,
                           weight_decay=1e-4)
