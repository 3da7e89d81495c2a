# Runs each segment under no_grad to save memory: the output has no graph, so nothing gets a gradient.
import torch


def solve(x, weights, segments):
    n = len(weights)
    per = -(-n // segments)
    h = x
    for i in range(0, n, per):
        with torch.no_grad():
            for w in weights[i:i + per]:
                h = torch.tanh(h @ w)
    return h
