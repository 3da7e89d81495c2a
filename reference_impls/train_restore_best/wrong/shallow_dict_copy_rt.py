# copies the state_dict with dict(...) (shallow): the tensors are still the live parameters, which SGD updates in place
# zh: 用 dict(...) 浅拷贝 state_dict：其中的张量仍是被 SGD 原地更新的活参数。
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
            best_state = dict(model.state_dict())
    if best_state is not None:
        model.load_state_dict(best_state)
    model.eval()
    return losses
