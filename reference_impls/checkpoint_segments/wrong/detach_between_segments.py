# detaches each segment's input ("checkpoint boundary"): the graph is cut, so x and the earlier weights get no gradient
# zh: 把每段的输入 detach（当作“检查点边界”）：计算图被切断，x 和前面的权重拿不到梯度。
import torch
from torch.utils.checkpoint import checkpoint


def _run(h, *ws):
    for W in ws:
        h = torch.tanh(h @ W)
    return h


def solve(x, weights, segments):
    n = len(weights)
    bounds = [round(i * n / segments) for i in range(segments + 1)]
    h = x
    for s in range(segments):
        inp = h.detach().requires_grad_(True) if s > 0 else h
        h = checkpoint(_run, inp, *weights[bounds[s]:bounds[s + 1]], use_reentrant=False)
    return h
