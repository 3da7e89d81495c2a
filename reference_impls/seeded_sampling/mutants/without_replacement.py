# Leaves multinomial's default replacement=False: no index repeats within a row (and rows with
# fewer non-zero weights than num_samples raise).
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, generator=gen)
    mask = torch.bernoulli(p_keep, generator=gen)
    return idx, mask
