# Calls model.train() only once, before the loop: after the first validation Dropout stays off.
import copy

import torch
from torch.nn import functional as F


def train(model, train_batches, val, epochs, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses, best_loss, best_state = [], float("inf"), None
    model.train()
    for _ in range(epochs):
        for x, y in train_batches:
            opt.zero_grad()
            F.mse_loss(model(x), y).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            loss = F.mse_loss(model(val[0]), val[1]).item()
        losses.append(loss)
        if loss < best_loss:
            best_loss, best_state = loss, copy.deepcopy(model.state_dict())
    model.load_state_dict(best_state)
    return losses
