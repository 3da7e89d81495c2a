# re-creates the (stateless, momentum-free) SGD optimizer every epoch and tracks the best epoch index; weights copied with copy.deepcopy of state_dict
import copy
import torch
from torch import nn
from torch.nn import functional as F


def train(model: nn.Module, train_batches, val, epochs: int, lr: float) -> list[float]:
    losses = []
    best_epoch, best_weights = -1, None
    for epoch in range(epochs):
        sgd = torch.optim.SGD(model.parameters(), lr=lr)     # plain SGD keeps no state: same steps
        model.train()
        for xb, yb in train_batches:
            sgd.zero_grad()
            F.mse_loss(model(xb), yb).backward()
            sgd.step()
        model.eval()
        with torch.no_grad():
            losses.append(F.mse_loss(model(val[0]), val[1]).item())
        if best_epoch < 0 or losses[-1] < losses[best_epoch]:
            best_epoch, best_weights = epoch, copy.deepcopy(model.state_dict())
    if best_weights is not None:
        model.load_state_dict(best_weights)
    model.eval()
    return losses
