# freezes by name with "backbone" in name: also freezes head parameters whose names contain "backbone" (e.g. head.from_backbone)
# zh: 按名字中是否含 "backbone" 来冻结：把名字含 backbone 的 head 参数（如 head.from_backbone）也冻结了。
import torch
from torch import nn


def finetune_optimizer(model: nn.Module, lr: float) -> torch.optim.Optimizer:
    for name, p in model.named_parameters():
        if "backbone" in name:
            p.requires_grad_(False)
    return torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr, momentum=0.9, weight_decay=1e-4)
