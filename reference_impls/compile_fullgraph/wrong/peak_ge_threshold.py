# normalises when peak >= threshold (original: strictly >): differs when the peak equals the threshold
# zh: 在 peak >= threshold 时就归一化（原函数是严格大于）：峰值恰好等于阈值时结果不同。
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


def solve(x, w, threshold):
    h = x @ w
    peak = h.abs().max()
    h = torch.where(peak >= threshold, h / peak, h)
    codes = torch.bucketize(h, torch.tensor(BOUNDARIES, dtype=h.dtype), right=True)
    return h, codes
