# method spellings: Generator(device=...) + manual_seed, weights.multinomial(...), p_keep.bernoulli(generator=...)
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator(device=weights.device)
    gen.manual_seed(seed)
    idx = weights.multinomial(num_samples=num_samples, replacement=True, generator=gen)
    mask = p_keep.bernoulli(generator=gen)
    return idx, mask
