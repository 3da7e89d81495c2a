"""Top-p (nucleus) filtering and sampling with a seeded generator.

Implement `solve(logits, top_p, temperature, seed)` returning `(probs, tokens)` (see the prompt):
    probs  = softmax(logits / temperature) in float64, stably, over the last dim of (B, V) logits
    keep j iff sum(probs[k] for k with probs[k] > probs[j]) < top_p   (ties at the cut all kept)
    probs  = kept probabilities renormalised per row, zeros elsewhere: (B, V) float64
    tokens = torch.multinomial(probs.contiguous(), num_samples=1,
                               generator=torch.Generator().manual_seed(seed))[:, 0]   # (B,) int64
Never touch the global RNG.
"""

import torch


def solve(logits: torch.Tensor, top_p: float, temperature: float, seed: int) -> tuple[torch.Tensor, torch.Tensor]:
    raise NotImplementedError
