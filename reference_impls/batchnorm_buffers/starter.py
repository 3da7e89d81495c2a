"""BatchNorm1d with the right parameters and buffers.

Implement `MyBatchNorm1d(num_features, eps=1e-5, momentum=0.1)`, an nn.Module that behaves like
`nn.BatchNorm1d` on (N, C) inputs and registers exactly what it registers:

- parameters `weight` (ones) and `bias` (zeros), shape (C,);
- buffers `running_mean` (zeros), `running_var` (ones), float, shape (C,), and
  `num_batches_tracked` (a 0-dim int64 tensor, 0).

So `state_dict()` holds exactly these five keys; the optimizer (`parameters()`) only weight and
bias; and `.double()`, `.to(...)` and `load_state_dict` reach the buffers too.

forward(x): in training mode normalise with the batch's mean and biased variance, then update
running_mean/running_var as (1 - momentum) * running + momentum * batch_statistic (the variance
used here is the unbiased one) and add 1 to num_batches_tracked; in eval mode normalise with the
running statistics. Output: (x - mean) / sqrt(var + eps) * weight + bias. The grader loads its own
weights and statistics into your module with load_state_dict, compares train and eval steps,
gradients and the buffers afterwards with torch's BatchNorm1d.
"""

import torch
from torch import nn


class MyBatchNorm1d(nn.Module):
    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1):
        super().__init__()
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError
