# own autograd.Function that recomputes the segment but returns gradients only for the segment input (weights closed over, their grads None)
# zh: 自己写的 autograd.Function 会重算这一段，但只返回段输入的梯度（权重是闭包捕获的，梯度为 None）。
import torch


class _Seg(torch.autograd.Function):
    @staticmethod
    def forward(ctx, h, ws):
        ctx.save_for_backward(h)
        ctx.ws = ws
        with torch.no_grad():
            for W in ws:
                h = torch.tanh(h @ W)
        return h

    @staticmethod
    def backward(ctx, g):
        h, = ctx.saved_tensors
        with torch.enable_grad():
            h0 = h.detach().requires_grad_(True)
            out = h0
            for W in ctx.ws:
                out = torch.tanh(out @ W.detach())
            gh, = torch.autograd.grad(out, h0, g)
        return gh, None


def solve(x, weights, segments):
    n = len(weights)
    bounds = [round(i * n / segments) for i in range(segments + 1)]
    h = x
    for s in range(segments):
        h = _Seg.apply(h, weights[bounds[s]:bounds[s + 1]])
    return h
