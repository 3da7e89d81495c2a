# Counts boundaries strictly below h, so a value equal to a boundary lands one bucket lower than np.digitize.
import torch

BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]


def solve(x, w, threshold):
    h = x @ w
    peak = h.abs().amax()
    h = h / torch.where(peak > threshold, peak, torch.ones_like(peak))
    b = torch.tensor(BOUNDARIES, dtype=h.dtype)
    codes = (h.unsqueeze(-1) > b).sum(dim=-1)
    return h, codes
