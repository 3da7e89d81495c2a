# Builds the mask as rand < p and casts with .float(): the dtype is float32 whatever p_keep's dtype.
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=gen)
    mask = (torch.rand(p_keep.shape, generator=gen, dtype=p_keep.dtype) < p_keep).float()
    return idx, mask
