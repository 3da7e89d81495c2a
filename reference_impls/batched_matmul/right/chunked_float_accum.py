# accumulates k in chunks, promoting half types to float32 and integers to int64 for the running sum, then casts back
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    B, n, k = a.shape
    m = b.shape[2]
    if a.dtype.is_floating_point:
        acc_t = torch.float32 if a.dtype in (torch.float16, torch.bfloat16) else a.dtype
    else:
        acc_t = torch.int64
    acc = torch.zeros((B, n, m), dtype=acc_t, device=a.device)
    for s in range(0, k, 256):
        e = min(k, s + 256)
        acc += (a[:, :, s:e, None].to(acc_t) * b[:, None, s:e, :].to(acc_t)).sum(2)
    return acc.to(a.dtype)
