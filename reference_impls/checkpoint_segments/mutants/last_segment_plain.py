# Like checkpoint_sequential: the last segment runs un-checkpointed and keeps all its activations.
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
    for start, stop in zip(bounds[:-2], bounds[1:-1]):
        h = checkpoint(run_layers, h, *weights[start:stop], use_reentrant=False)
    return run_layers(h, *weights[bounds[-2]:])
