# Freezes correctly but builds plain SGD, leaving out the momentum and weight decay the task specifies.
# zh: 冻结没错，但构造的是朴素 SGD，漏掉了题目指定的 momentum 和 weight decay。
import torch


def finetune_optimizer(model, lr):
    model.backbone.requires_grad_(False)
    return torch.optim.SGD(model.head.parameters(), lr=lr)
