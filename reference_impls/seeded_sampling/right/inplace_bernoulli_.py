# mask via torch.empty_like(p_keep).bernoulli_(p_keep, generator=g): same stream, same dtype as bernoulli
import torch


def solve(weights, p_keep, num_samples, seed):
    g = torch.Generator()
    g.manual_seed(int(seed))
    idx = torch.multinomial(input=weights, num_samples=num_samples, replacement=True, generator=g)
    mask = torch.empty_like(p_keep, memory_format=torch.contiguous_format).bernoulli_(p_keep, generator=g)
    return idx, mask
