import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    # (B, n, k, 1) * (B, 1, k, m) -> (B, n, k, m), then sum out k; dtype= keeps int32 (sum would give int64).
    return (a.unsqueeze(-1) * b.unsqueeze(-3)).sum(dim=-2, dtype=a.dtype)
