# Appends the loss tensor itself instead of loss.item(), so the list holds tensors, not the Python floats asked for.
import copy

import torch
from torch.nn import functional as F


def train(model, train_batches, val, epochs, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses, best = [], None
    for _ in range(epochs):
        model.train()
        for x, y in train_batches:
            opt.zero_grad()
            F.mse_loss(model(x), y).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            loss = F.mse_loss(model(val[0]), val[1])
        if not losses or loss < min(losses):
            best = copy.deepcopy(model.state_dict())
        losses.append(loss)
    model.load_state_dict(best)
    return losses
