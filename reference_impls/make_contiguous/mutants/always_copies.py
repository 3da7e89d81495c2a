# Copies even when x is already contiguous: right values, but contiguous() would not copy.
import torch


def solve(x):
    out = torch.empty(x.shape, dtype=x.dtype)
    out.copy_(x)
    return out
