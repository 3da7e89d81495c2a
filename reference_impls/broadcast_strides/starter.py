"""broadcast_to by hand.

Implement `solve(x, shape)` returning the same as `torch.broadcast_to(x, shape)` without calling
broadcast_to/expand/expand_as/repeat/broadcast_tensors: compute the strides yourself and use
`x.as_strided`. The result must be a view of x (no copy): a broadcast dimension gets stride 0.
Follow the broadcasting rules: align shapes from the right; a size-1 (or missing) dim may grow.
"""

import torch


def solve(x: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
    raise NotImplementedError
