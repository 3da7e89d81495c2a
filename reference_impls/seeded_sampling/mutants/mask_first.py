# Draws the mask before the indices: same generator, different order, different numbers.
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    mask = torch.bernoulli(p_keep, generator=gen)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=gen)
    return idx, mask
