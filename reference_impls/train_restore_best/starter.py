"""A training loop that keeps the best weights.

Implement `train(model, train_batches, val, epochs, lr)`. `model` contains Dropout;
`train_batches` is a list of `(x, y)`; `val` is one `(x, y)` pair. Use
`torch.optim.SGD(model.parameters(), lr=lr)` (no momentum) and, for each of the `epochs` epochs:

1. `model.train()`; for each `(x, y)` in train_batches, in order: zero the gradients, compute
   `torch.nn.functional.mse_loss(model(x), y)`, backward, step;
2. `model.eval()` and, under `torch.no_grad()`, the validation loss `mse_loss(model(val_x), val_y)`
   as a Python float.

Return the list of validation losses (one per epoch). Before returning, load into the model the
weights it had at the end of the epoch with the lowest validation loss (the first one on a tie),
and leave it in eval mode. Draw no random numbers besides those Dropout draws: the grader seeds
the global RNG before calling you and replays the run with the same seed.
"""

import torch
from torch import nn


def train(model: nn.Module, train_batches: list[tuple[torch.Tensor, torch.Tensor]],
          val: tuple[torch.Tensor, torch.Tensor], epochs: int, lr: float) -> list[float]:
    raise NotImplementedError
