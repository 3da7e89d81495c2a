# A hand-written autograd.Function per group: saves the group's input and weights, and its backward recomputes the activations under no_grad and applies the chain rule by hand (no tanh_backward).
"""Gradient checkpointing: trade recomputation for memory."""
import torch


class _Group(torch.autograd.Function):
    @staticmethod
    def forward(ctx, h, *ws):
        ctx.save_for_backward(h, *ws)
        for W in ws:
            h = torch.tanh(h @ W)
        return h

    @staticmethod
    def backward(ctx, g):
        h, *ws = ctx.saved_tensors
        with torch.no_grad():
            acts = [h]
            for W in ws:
                acts.append(torch.tanh(acts[-1] @ W))
            dws = [None] * len(ws)
            for i in range(len(ws) - 1, -1, -1):
                y = acts[i + 1]
                gz = g * (1 - y * y)
                dws[i] = acts[i].transpose(-2, -1) @ gz
                g = gz @ ws[i].transpose(-2, -1)
        return (g, *dws)


def solve(x, weights, segments):
    n = len(weights)
    sizes = [n // segments + (1 if s < n % segments else 0) for s in range(segments)]
    h, i = x, 0
    for k in sizes:
        h = _Group.apply(h, *weights[i:i + k])
        i += k
    return h
