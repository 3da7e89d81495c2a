# Freezes correctly but builds plain SGD, leaving out the momentum and weight decay the task specifies.
import torch


def finetune_optimizer(model, lr):
    model.backbone.requires_grad_(False)
    return torch.optim.SGD(model.head.parameters(), lr=lr)
