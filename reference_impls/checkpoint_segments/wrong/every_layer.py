# ignores `segments` and checkpoints every layer separately: saves 2 tensors per layer, more than segments + len(weights)
# zh: 忽略 `segments`，对每一层单独做检查点：每层保存 2 个张量，超过 segments + len(weights)。
import torch
from torch.utils.checkpoint import checkpoint


def _layer(h, W):
    return torch.tanh(h @ W)


def solve(x, weights, segments):
    h = x
    for W in weights:
        h = checkpoint(_layer, h, W, use_reentrant=False)
    return h
