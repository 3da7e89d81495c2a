# "Freezes" the backbone with eval() (the Dropout/BatchNorm switch): gradients still flow into it.
import torch


def finetune_optimizer(model, lr):
    model.backbone.eval()
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
