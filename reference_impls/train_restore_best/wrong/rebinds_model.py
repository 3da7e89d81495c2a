# Keeps a deepcopy of the best model and rebinds the local name at the end, which leaves the caller's model unchanged.
import copy

import torch
from torch.nn import functional as F


def train(model, train_batches, val, epochs, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses, best_loss, best_model = [], float("inf"), None
    for _ in range(epochs):
        model.train()
        for x, y in train_batches:
            opt.zero_grad()
            F.mse_loss(model(x), y).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            loss = F.mse_loss(model(val[0]), val[1]).item()
        losses.append(loss)
        if loss < best_loss:
            best_loss, best_model = loss, copy.deepcopy(model)
    model = best_model  # only rebinds this function's local name
    return losses
