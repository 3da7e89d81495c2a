# Splits the weight list like numpy.array_split and checkpoints a closure over each group's weights.
import torch
from torch.utils.checkpoint import checkpoint


def groups(items, k):
    q, r = divmod(len(items), k)
    out, i = [], 0
    for g in range(k):
        size = q + (g < r)
        out.append(items[i:i + size])
        i += size
    return out


def solve(x, weights, segments):
    h = x
    for group in groups(list(weights), segments):
        def run(inp, group=group):
            for w in group:
                inp = torch.tanh(inp @ w)
            return inp
        h = checkpoint(run, h, use_reentrant=False)
    return h
