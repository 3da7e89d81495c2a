# Builds the trainable list before freezing, so the filter still sees every backbone parameter as trainable.
import torch


def finetune_optimizer(model, lr):
    trainable = [p for p in model.parameters() if p.requires_grad]
    for p in model.backbone.parameters():
        p.requires_grad = False
    return torch.optim.SGD(trainable, lr=lr, momentum=0.9, weight_decay=1e-4)
