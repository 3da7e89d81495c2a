# Loops over batch and rows, each row times b[i] reduced over k, into a preallocated output of the input dtype.
import torch


def _row_times(row: torch.Tensor, mat: torch.Tensor) -> torch.Tensor:
    # row (k,), mat (k, m) -> (m,): scale each row of mat by one entry of row and add them up.
    return (row.unsqueeze(1) * mat).sum(dim=0)


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    batch, n, _ = a.shape
    out = a.new_zeros((batch, n, b.shape[2]))
    for i in range(batch):
        for r in range(n):
            out[i, r] = _row_times(a[i, r], b[i])  # assignment casts an int64 sum back to int32
    return out
