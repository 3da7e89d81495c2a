# torch.cond for the data-dependent branch and torch.searchsorted(side='right')
import numpy as np
import torch

BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]


def original(x, w, threshold):
    h = x @ w
    print("projected to", tuple(h.shape))
    peak = h.abs().max().item()
    if peak > threshold:
        h = h / peak
    codes = np.digitize(h.numpy(), BOUNDARIES)
    return h, torch.from_numpy(codes)


def _norm(h, peak):
    return h / peak


def _keep(h, peak):
    return h.clone()


def solve(x, w, threshold):
    h = x @ w
    peak = h.abs().max()
    h = torch.cond(peak > threshold, _norm, _keep, (h, peak))
    codes = torch.searchsorted(torch.tensor(BOUNDARIES, dtype=h.dtype, device=h.device), h, side="right")
    return h, codes
