# Samples row by row and stacks: one multinomial call per row consumes the generator as the batched call does.
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    idx = torch.stack([torch.multinomial(w, num_samples, replacement=True, generator=gen) for w in weights])
    mask = torch.bernoulli(p_keep, generator=gen)
    return idx, mask
