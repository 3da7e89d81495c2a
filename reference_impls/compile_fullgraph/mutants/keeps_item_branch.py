# Still breaks the graph: .item() and a Python `if` on its value (data-dependent control flow).
# zh: 仍然会 graph break：调用了 .item()，又按它的值写 Python `if`（依赖数据的控制流）。
import torch

BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]


def solve(x, w, threshold):
    h = x @ w
    peak = h.abs().max().item()
    if peak > threshold:
        h = h / peak
    return h, torch.bucketize(h, torch.tensor(BOUNDARIES), right=True)
