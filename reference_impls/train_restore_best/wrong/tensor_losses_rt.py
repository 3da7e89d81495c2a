# appends the 0-dim loss tensor instead of a Python float (.item() forgotten)
# zh: 追加的是 0 维损失张量而不是 Python float（忘了 .item()）。
import copy

import torch
from torch import nn
import torch.nn.functional as F


def train(model: nn.Module, train_batches: list[tuple[torch.Tensor, torch.Tensor]],
          val: tuple[torch.Tensor, torch.Tensor], epochs: int, lr: float) -> list[float]:
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    val_x, val_y = val
    losses = []
    best_loss, best_state = torch.tensor(float("inf")), None
    for epoch in range(epochs):
        model.train()
        for x, y in train_batches:
            opt.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            v = F.mse_loss(model(val_x), val_y)
        losses.append(v)
        if v < best_loss:
            best_loss = v
            best_state = copy.deepcopy(model.state_dict())
    if best_state is not None:
        model.load_state_dict(best_state)
    model.eval()
    return losses
