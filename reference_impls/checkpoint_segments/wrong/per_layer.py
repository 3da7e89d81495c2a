# Ignores `segments` and checkpoints every layer on its own, keeping one input per layer.
# zh: 不管 `segments`，给每一层单独做 checkpoint，结果每层都要保存一个输入。
import torch
from torch.utils.checkpoint import checkpoint


def _layer(h, w):
    return torch.tanh(h @ w)


def solve(x, weights, segments):
    h = x
    for w in weights:
        h = checkpoint(_layer, h, w, use_reentrant=False)
    return h
