"""Reproducible sampling with a seeded generator.

Implement `solve(weights, p_keep, num_samples, seed)`. `weights` is (B, C), non-negative and not
normalised; `p_keep` is (B, num_samples) with probabilities in [0, 1]. Create one
`torch.Generator`, seed it with `seed`, and with it draw, in this order:

1. `idx`: for every row, `num_samples` category indices drawn *with replacement* in proportion
   to that row's weights (torch.multinomial), shape (B, num_samples), int64;
2. `mask`: independent Bernoulli draws with the probabilities in `p_keep` (torch.bernoulli),
   same shape and dtype as p_keep.

weights and p_keep are float32 or float64; B and C may be 1, some
weights may be zero, num_samples may exceed C, and probabilities may be exactly 0 or 1.

Return `(idx, mask)`. The grader draws the same with its own generator seeded alike and compares
exactly: which generator you use, how many draws you make and their order all matter.
"""

import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    raise NotImplementedError
