# compares with <= : on a tie the LATER epoch wins, the prompt asks for the first
# zh: 用 <= 比较：损失相同时取了较晚的 epoch，而题目要求取最早的。
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
        if v <= best_loss:
            best_loss = v
            best_state = copy.deepcopy(model.state_dict())
    if best_state is not None:
        model.load_state_dict(best_state)
    model.eval()
    return losses
