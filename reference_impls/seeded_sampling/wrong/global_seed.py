# Seeds the global RNG with torch.manual_seed(seed): the same stream, but it reseeds everyone else's randomness too.
import torch


def solve(weights, p_keep, num_samples, seed):
    torch.manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True)
    mask = torch.bernoulli(p_keep)
    return idx, mask
