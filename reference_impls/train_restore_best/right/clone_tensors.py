# Snapshots every epoch with tensor clones, then picks the first minimum with losses.index(min(losses)).
import torch
from torch.nn import functional as F


def _snapshot(model):
    return {k: v.detach().clone() for k, v in model.state_dict().items()}


def train(model, train_batches, val, epochs, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses, snapshots = [], []
    for _ in range(epochs):
        model.train()
        for x, y in train_batches:
            opt.zero_grad()
            loss = F.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            losses.append(float(F.mse_loss(model(val[0]), val[1])))
        snapshots.append(_snapshot(model))
    model.load_state_dict(snapshots[losses.index(min(losses))])  # index() finds the first on a tie
    return losses
