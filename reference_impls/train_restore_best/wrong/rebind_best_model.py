# keeps a deepcopy of the best model and rebinds the local name `model` to it: the caller's model keeps the last weights
# zh: 深拷贝最佳模型后把局部变量 model 重新绑定到它：调用方的模型仍持有最后一个 epoch 的权重。
import copy

import torch
from torch import nn
import torch.nn.functional as F


def train(model: nn.Module, train_batches: list[tuple[torch.Tensor, torch.Tensor]],
          val: tuple[torch.Tensor, torch.Tensor], epochs: int, lr: float) -> list[float]:
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    val_x, val_y = val
    losses = []
    best_loss, best_state = float("inf"), None
    for epoch in range(epochs):
        model.train()
        for x, y in train_batches:
            opt.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            v = F.mse_loss(model(val_x), val_y).item()
        losses.append(v)
        if v < best_loss:
            best_loss = v
            best_state = copy.deepcopy(model)
    if best_state is not None:
        model = best_state
    model.eval()
    return losses
