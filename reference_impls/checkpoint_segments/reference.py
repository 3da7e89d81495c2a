import torch
from torch.utils.checkpoint import checkpoint


def run_layers(h, *weights):
    for w in weights:
        h = torch.tanh(h @ w)
    return h


def solve(x, weights, segments):
    n = len(weights)
    bounds = [round(i * n / segments) for i in range(segments + 1)]
    h = x
    for start, stop in zip(bounds, bounds[1:]):
        # Only h (and the weights, passed as arguments) are kept; the inside is recomputed in backward.
        h = checkpoint(run_layers, h, *weights[start:stop], use_reentrant=False)
    return h
