# Checkpoints the best weights into an in-memory file with torch.save and restores them with torch.load.
import io

import torch
from torch.nn import functional as F


def train(model, train_batches, val, epochs, lr):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    best_file, best_loss, losses = io.BytesIO(), float("inf"), []
    for _epoch in range(epochs):
        model.train()
        for x, y in train_batches:
            opt.zero_grad(set_to_none=True)
            F.mse_loss(model(x), y).backward()
            opt.step()
        model.eval()
        with torch.no_grad():
            val_loss = F.mse_loss(model(val[0]), val[1]).item()
        losses.append(val_loss)
        if val_loss < best_loss:
            best_loss = val_loss
            best_file.seek(0)
            best_file.truncate()
            torch.save(model.state_dict(), best_file)
    best_file.seek(0)
    model.load_state_dict(torch.load(best_file, weights_only=True))
    model.eval()
    return losses
