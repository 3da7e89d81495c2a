# freezes only the backbone's direct parameters (recurse=False): parameters of nested submodules stay trainable
# zh: 只冻结 backbone 的直接参数（recurse=False）：嵌套子模块的参数仍可训练。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    for child in [model.backbone, *model.backbone.children()]:
        for p in child.parameters(recurse=False):
            p.requires_grad_(False)
    return torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr, momentum=0.9, weight_decay=1e-4)
