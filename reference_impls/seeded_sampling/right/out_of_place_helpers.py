# Splits the two draws into helpers that share the one generator passed in, in the stated order.
import torch


def _indices(weights, n, gen):
    return torch.multinomial(weights, n, True, generator=gen)


def _keep_mask(p, gen):
    return torch.bernoulli(p, generator=gen)


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator()
    gen.manual_seed(seed)
    return _indices(weights, num_samples, gen), _keep_mask(p_keep, gen)
