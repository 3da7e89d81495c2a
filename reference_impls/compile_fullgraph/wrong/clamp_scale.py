# Divides by max(peak, threshold), which also rescales h when the peak is below the threshold.
import torch

BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]


def solve(x, w, threshold):
    h = x @ w
    peak = h.abs().amax()
    h = h / torch.clamp(peak, min=threshold) if threshold > 0 else h / torch.clamp(peak, min=1e-12)
    b = torch.tensor(BOUNDARIES, dtype=h.dtype)
    codes = (h.unsqueeze(-1) >= b).sum(dim=-1)
    return h, codes
