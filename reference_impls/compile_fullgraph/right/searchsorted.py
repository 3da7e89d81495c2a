# Uses torch.searchsorted(b, h, right=True), the sorted-sequence-first spelling of bucketize(right=True).
import torch

BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]


def solve(x, w, threshold):
    h = x @ w
    peak = h.abs().amax()
    h = h / torch.where(peak > threshold, peak, torch.ones_like(peak))
    b = torch.tensor(BOUNDARIES, dtype=h.dtype)
    codes = torch.searchsorted(b, h.contiguous(), right=True)
    return h, codes
