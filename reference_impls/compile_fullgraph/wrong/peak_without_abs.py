# peak taken as h.max() (abs dropped): wrong when the largest magnitude is negative
# zh: 峰值取 h.max()（漏了 abs）：绝对值最大的是负数时结果错误。
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
    peak = h.max()
    h = torch.where(peak > threshold, h / peak, h)
    codes = torch.bucketize(h, torch.tensor(BOUNDARIES, dtype=h.dtype), right=True)
    return h, codes
