# Draws the mask in place into an empty_like(p_keep) with Tensor.bernoulli_(p, generator=...), the same stream.
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    idx = weights.multinomial(num_samples, replacement=True, generator=gen)
    mask = torch.empty_like(p_keep).bernoulli_(p_keep, generator=gen)
    return idx, mask
