# Freezes model.backbone.parameters(recurse=False): a container holds no parameters of its own, so nothing is frozen.
# zh: 冻结的是 model.backbone.parameters(recurse=False)：容器自身不直接持有参数，所以什么都没被冻结。
import torch


def finetune_optimizer(model, lr):
    for p in model.backbone.parameters(recurse=False):
        p.requires_grad_(False)
    return torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=lr, momentum=0.9,
                           weight_decay=1e-4)
