# validates without model.eval(): Dropout stays active, draws extra random numbers and the validation losses are noisy
# zh: 验证时没有调用 model.eval()：Dropout 仍然生效，多消耗随机数，验证损失带噪声。
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
