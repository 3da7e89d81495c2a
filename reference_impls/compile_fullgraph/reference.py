import torch

BOUNDARIES = [-1.0, -0.25, 0.0, 0.25, 1.0]


def solve(x: torch.Tensor, w: torch.Tensor, threshold: float) -> tuple[torch.Tensor, torch.Tensor]:
    h = x @ w
    # No print; the peak stays a tensor and the branch becomes a select, so nothing leaves the graph.
    peak = h.abs().amax()
    # original compares float(peak) with a Python float in double precision; a float32 tensor compared
    # with a Python scalar would round the threshold to float32 first (a threshold just below the peak).
    h = torch.where(peak.double() > threshold, h / peak, h)
    # np.digitize(h, b) puts b[i-1] <= h < b[i] into bucket i: that is bucketize with right=True.
    codes = torch.bucketize(h, torch.tensor(BOUNDARIES, dtype=h.dtype), right=True)
    return h, codes
