# Expected strides recomputed with size-1 dims keeping x's own, a gather into a flat buffer by index arithmetic, as_strided back to NCHW (holdout round 9)
import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    N, C, H, W = x.shape
    canon = [H * W * C, 1, W * C, C]
    lenient = tuple(x.stride(d) if x.shape[d] == 1 else canon[d] for d in range(4))
    if tuple(x.stride()) == lenient:
        return x
    # index of every (n, h, w, c) in NHWC order, in x's logical coordinates
    n = torch.arange(N).view(N, 1, 1, 1)
    h = torch.arange(H).view(1, H, 1, 1)
    w = torch.arange(W).view(1, 1, W, 1)
    c = torch.arange(C).view(1, 1, 1, C)
    flat_idx = (((n * C + c) * H + h) * W + w).reshape(-1)
    src = x.reshape(-1)  # logical NCHW order (copies when it must)
    flat = src[flat_idx]  # NHWC order, fresh memory, same dtype
    return flat.as_strided((N, C, H, W), tuple(canon))
