# Allocates an NHWC buffer of x's dtype and copies x into its NCHW-ordered view.
import torch


def _is_nhwc_dense(x: torch.Tensor) -> bool:
    # permute(0, 2, 3, 1) is contiguous exactly when x's memory already is N, H, W, C (size-1 dims aside).
    return x.permute(0, 2, 3, 1).is_contiguous()


def solve(x: torch.Tensor) -> torch.Tensor:
    if _is_nhwc_dense(x):
        return x
    n, c, h, w = x.shape
    buf = torch.empty((n, h, w, c), dtype=x.dtype, device=x.device)
    out = buf.permute(0, 3, 1, 2)
    out.copy_(x)
    return out
