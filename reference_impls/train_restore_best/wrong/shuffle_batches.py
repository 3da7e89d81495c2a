# shuffles the training batches each epoch with torch.randperm: draws extra random numbers and breaks the prescribed order
# zh: 每个 epoch 用 torch.randperm 打乱训练 batch：多消耗随机数，也打破了规定的顺序。
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
        for i in torch.randperm(len(train_batches)).tolist():
            x, y = train_batches[i]
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
            best_state = copy.deepcopy(model.state_dict())
    if best_state is not None:
        model.load_state_dict(best_state)
    model.eval()
    return losses
