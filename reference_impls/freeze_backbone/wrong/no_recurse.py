# Freezes model.backbone.parameters(recurse=False): a container holds no parameters of its own, so nothing is frozen.
import torch


def finetune_optimizer(model, lr):
    for p in model.backbone.parameters(recurse=False):
        p.requires_grad_(False)
    return torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr, momentum=0.9,
                           weight_decay=1e-4)
