"""Transpose with as_strided.

Implement `solve(x, dim0, dim1)` that returns the same result as `x.transpose(dim0, dim1)`
*without* calling transpose/permute/t/swapaxes/movedim: build it with `torch.as_strided` (or
`Tensor.as_strided`). The result must be a view: it shares x's storage, and its sizes, strides and
storage offset are exactly those of `x.transpose(dim0, dim1)`. Negative dims count from the end.
"""

import torch


def solve(x: torch.Tensor, dim0: int, dim1: int) -> torch.Tensor:
    raise NotImplementedError
