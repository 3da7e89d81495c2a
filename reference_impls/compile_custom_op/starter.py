"""Wrap a NumPy function as a custom op so that torch.compile keeps it in the graph.

`moving_average_np` is legacy NumPy code, and `original` calls it on a tensor. Under
`torch.compile(original, fullgraph=True)` Dynamo cannot trace `sliding_window_view` and the
compile fails with a graph break.

1. Register `moving_average_np` as the custom op `dlprep::moving_average(Tensor x, int w) -> Tensor`
   with `torch.library.custom_op` (the real implementation may keep calling NumPy), so that
   `torch.ops.dlprep.moving_average(x, w)` works.
2. Give it a fake implementation with `register_fake`: torch.compile traces with fake tensors
   (shapes and dtypes, no data), so it must return an empty tensor of the right shape and dtype.
3. Implement `solve(x, w)` that returns what `original(x, w)` returns, calling the custom op.

The grader checks that the op exists, compares its fake output's shape and dtype with the real
output's (under FakeTensorMode), runs torch.library.opcheck, compiles `solve` with
fullgraph=True and checks that the graph calls the op, and compares the values.

- x: float32 or float64 of shape (..., n) (a vector, or any number of leading dimensions), any
  strides (non-contiguous too); w: a Python int with 1 <= w <= n.
- moving_average(x, w) has shape (..., n - w + 1) and x's dtype.
"""

import numpy as np
import torch


def moving_average_np(a: np.ndarray, w: int) -> np.ndarray:
    return np.lib.stride_tricks.sliding_window_view(a, w, axis=-1).mean(axis=-1)


def original(x: torch.Tensor, w: int) -> torch.Tensor:
    trend = torch.from_numpy(moving_average_np(x.numpy(), w))
    return x[..., w - 1:] - trend


def solve(x: torch.Tensor, w: int) -> torch.Tensor:
    raise NotImplementedError
