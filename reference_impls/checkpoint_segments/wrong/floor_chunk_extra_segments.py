# steps through the layers in chunks of len(weights) // segments: when that does not divide evenly it makes MORE than `segments` groups and saves too much
# zh: 按 len(weights) // segments 的步长分组：不能整除时分出的组比 `segments` 多，保存的张量过多。
import torch
from torch.utils.checkpoint import checkpoint


def _run(h, *ws):
    for W in ws:
        h = torch.tanh(h @ W)
    return h


def solve(x, weights, segments):
    k = max(1, len(weights) // segments)
    h = x
    for lo in range(0, len(weights), k):
        h = checkpoint(_run, h, *weights[lo:lo + k], use_reentrant=False)
    return h
