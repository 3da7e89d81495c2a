# "Freezes" the backbone with eval() (the Dropout/BatchNorm switch): gradients still flow into it.
# zh: 用 eval()（切换 Dropout/BatchNorm 的开关）来“冻结” backbone：梯度照样流进去。
import torch


def finetune_optimizer(model, lr):
    model.backbone.eval()
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9, weight_decay=1e-4)
