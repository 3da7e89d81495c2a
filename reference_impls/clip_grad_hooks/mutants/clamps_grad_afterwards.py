# Clamps .grad by hand after all backward passes, and only the Linear weights: the sum is clamped
# instead of each micro-batch, and biases are not clipped at all.
from torch import nn
from torch.nn import functional as F


def accumulate_clipped(model, batches, clip):
    for x, y in batches:
        F.mse_loss(model(x), y).backward()
    for m in model.modules():
        if isinstance(m, nn.Linear):
            m.weight.grad.clamp_(-clip, clip)
