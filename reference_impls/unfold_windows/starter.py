"""Sliding windows with as_strided.

Implement `solve(x, size, step)` returning the same as `x.unfold(0, size, step)` - all windows of
`size` consecutive elements along dim 0, starting every `step` elements, with the window as the
new last dim - without calling unfold. Use `x.as_strided`: the result must be a view of x that
shares its storage (the windows overlap in memory; nothing is copied). x may itself be a strided
view with a storage offset, and may have more dims after dim 0.
"""

import torch


def solve(x: torch.Tensor, size: int, step: int) -> torch.Tensor:
    raise NotImplementedError
