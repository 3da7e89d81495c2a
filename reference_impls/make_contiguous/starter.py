"""contiguous() by hand.

Implement `solve(x)` that behaves like `x.contiguous()` without calling contiguous(), clone(),
reshape() or is_contiguous(): decide from x.size() and x.stride() whether x is already
contiguous (row-major, size-1 dims may have any stride). If it is, return x itself (no copy: the
result must share x's storage); otherwise return a new row-major tensor with the same values.
"""

import torch


def solve(x: torch.Tensor) -> torch.Tensor:
    raise NotImplementedError
