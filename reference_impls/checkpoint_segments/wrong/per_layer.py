# Ignores `segments` and checkpoints every layer on its own, keeping one input per layer.
import torch
from torch.utils.checkpoint import checkpoint


def _layer(h, w):
    return torch.tanh(h @ w)


def solve(x, weights, segments):
    h = x
    for w in weights:
        h = checkpoint(_layer, h, w, use_reentrant=False)
    return h
