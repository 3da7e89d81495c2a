# The aten op itself, one matrix of the batch at a time.
import torch


def solve(a, b):
    out = [torch.ops.aten.mm.default(x, y) for x, y in zip(a, b)]
    return torch.stack(out) if out else torch.zeros(0, a.shape[1], b.shape[2], dtype=a.dtype)
