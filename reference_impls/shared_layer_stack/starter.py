"""One block shared by every layer (cross-layer parameter sharing, as in ALBERT).

Implement `SharedStack(dim, depth)`, an nn.Module with:

- `layers`: an `nn.ModuleList` with `depth` slots that all hold the *same*
  `nn.Sequential(nn.Linear(dim, dim), nn.Tanh())` instance, and
- `head`: `nn.Linear(dim, 1)`;

forward(x): for every slot of `layers`, in order, `x = x + layer(x)`; then return `head(x)`.

Sharing means one set of weights: `parameters()` yields 4 tensors whatever the depth, `modules()`
yields the block once, and the gradient of the shared weight sums the contributions of every
slot. `state_dict()` still lists the block under every slot (layers.0.0.weight, layers.1.0.weight,
...). The grader loads its weights with load_state_dict and compares structure, outputs and
gradients with its own model.
"""

import torch
from torch import nn


class SharedStack(nn.Module):
    def __init__(self, dim: int, depth: int):
        super().__init__()
        raise NotImplementedError

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        raise NotImplementedError
