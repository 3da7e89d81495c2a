# No graph break, but bucketize's default right=False puts values equal to a boundary one bucket lower than np.digitize.
import torch

BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]


def solve(x, w, threshold):
    h = x @ w
    peak = h.abs().amax()
    h = torch.where(peak > threshold, h / peak, h)
    return h, torch.bucketize(h, torch.tensor(BOUNDARIES))
