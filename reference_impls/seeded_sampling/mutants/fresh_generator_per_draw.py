# Seeds a fresh generator for each draw: the mask reuses the random numbers the indices consumed.
import torch


def solve(weights, p_keep, num_samples, seed):
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=torch.Generator().manual_seed(seed))
    mask = torch.bernoulli(p_keep, generator=torch.Generator().manual_seed(seed))
    return idx, mask
