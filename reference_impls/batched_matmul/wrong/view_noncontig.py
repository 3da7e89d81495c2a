# flattens the batch with .view(B*n, k, 1): raises on the non-contiguous inputs the prompt allows
# zh: 用 .view(B*n, k, 1) 展平 batch：题目允许的非连续输入会直接报错
import torch


def solve(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    B, n, k = a.shape
    m = b.shape[2]
    a3 = a.view(B * n, k, 1).view(B, n, k, 1)
    b3 = b.view(B, 1, k, m)
    return (a3 * b3).sum(dim=2, dtype=a.dtype)
