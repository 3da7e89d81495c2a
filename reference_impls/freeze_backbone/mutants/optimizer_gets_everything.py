# Freezes the backbone but still hands every parameter to the optimizer.
# zh: 冻结了 backbone，却仍把所有参数都交给了优化器。
import torch


def finetune_optimizer(model, lr):
    for p in model.backbone.parameters():
        p.requires_grad = False
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
