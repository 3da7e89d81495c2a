# chunk = len(weights) // segments and exactly `segments` chunks: when segments does not divide the depth, the trailing layers are never applied
# zh: 每组 len(weights) // segments 层、正好 `segments` 组：segments 不能整除层数时，末尾的层根本没有执行。
import torch
from torch.utils.checkpoint import checkpoint


def _run(h, *ws):
    for W in ws:
        h = torch.tanh(h @ W)
    return h


def solve(x, weights, segments):
    k = len(weights) // segments
    h = x
    for s in range(segments):
        h = checkpoint(_run, h, *weights[s * k:(s + 1) * k], use_reentrant=False)
    return h
