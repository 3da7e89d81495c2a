# Checks channels_last density by walking C, W, H, N by hand (size-1 dims skipped), copies with empty_strided + copy_ (holdout round 9)
import torch


def _is_nhwc_dense(x):
    expected = 1
    for d in (1, 3, 2, 0):
        size = x.shape[d]
        if size == 1:
            continue
        if x.stride(d) != expected:
            return False
        expected *= size
    return True


def solve(x: torch.Tensor) -> torch.Tensor:
    if _is_nhwc_dense(x):
        return x
    N, C, H, W = x.shape
    out = torch.empty_strided((N, C, H, W), (H * W * C, 1, W * C, C), dtype=x.dtype, device=x.device)
    out.copy_(x)
    return out
