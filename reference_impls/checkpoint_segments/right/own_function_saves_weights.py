# own torch.autograd.Function per segment: forward without graph, save (input, *weights), backward recomputes under enable_grad and returns grads for all
import torch


class SegmentCheckpoint(torch.autograd.Function):
    @staticmethod
    def forward(ctx, h, *ws):
        ctx.save_for_backward(h, *ws)
        for W in ws:
            h = torch.tanh(h @ W)
        return h

    @staticmethod
    def backward(ctx, grad_out):
        h, *ws = ctx.saved_tensors
        with torch.enable_grad():
            inputs = [h.detach().requires_grad_(True)] + [W.detach().requires_grad_(True) for W in ws]
            out = inputs[0]
            for W in inputs[1:]:
                out = torch.tanh(out @ W)
            grads = torch.autograd.grad(out, inputs, grad_out, allow_unused=True)
        return tuple(grads)


def solve(x, weights, segments):
    n = len(weights)
    edges = torch.linspace(0, n, segments + 1).round().long().tolist()
    h = x
    for lo, hi in zip(edges[:-1], edges[1:]):
        h = SegmentCheckpoint.apply(h, *weights[lo:hi])
    return h
