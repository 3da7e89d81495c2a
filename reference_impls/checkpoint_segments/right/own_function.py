# Writes the recomputation as its own autograd.Function: forward under no_grad, backward replays the group.
import torch


def _run(h, weights):
    for w in weights:
        h = torch.tanh(h @ w)
    return h


class Segment(torch.autograd.Function):
    @staticmethod
    def forward(ctx, h, *weights):
        ctx.save_for_backward(h, *weights)  # the group's input and its weights: nothing from inside
        with torch.no_grad():
            return _run(h, weights)

    @staticmethod
    def backward(ctx, grad_out):
        h, *weights = ctx.saved_tensors
        with torch.enable_grad():
            h_ = h.detach().requires_grad_(h.requires_grad)
            ws = [w.detach().requires_grad_(w.requires_grad) for w in weights]
            out = _run(h_, ws)
            grads = torch.autograd.grad(out, [h_, *ws], grad_out, allow_unused=True)
        return tuple(grads)


def solve(x, weights, segments):
    n = len(weights)
    sizes = [n // segments + (1 if i < n % segments else 0) for i in range(segments)]
    h, start = x, 0
    for size in sizes:
        h = Segment.apply(h, *weights[start:start + size])
        start += size
    return h
