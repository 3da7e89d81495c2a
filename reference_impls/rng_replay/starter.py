"""Replay a random forward pass, and a random draw, exactly.

Implement `replay(model, x, gen)`. `model` is in training mode and contains Dropout, which draws
its masks from the global RNG; `gen` is a seeded `torch.Generator`. Return `(y1, y2, noise1, noise2)`:

- `y1 = model(x)`, with the global RNG state as it is when your function is called, and `y2`,
  a second `model(x)` that reuses exactly the same dropout masks (as activation checkpointing
  does when it recomputes a forward) - use `torch.get_rng_state` / `torch.set_rng_state`;
- `noise1 = torch.randn(x.shape, generator=gen)` and `noise2`, the same draw replayed - use
  `gen.get_state` / `gen.set_state`.

Do not reseed anything. When you return, the global RNG must be exactly where one forward pass
leaves it, and `gen` where one draw leaves it: the grader draws from both afterwards and compares
with what its own run draws.
"""

import torch
from torch import nn


def replay(model: nn.Module, x: torch.Tensor, gen: torch.Generator
           ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    raise NotImplementedError
