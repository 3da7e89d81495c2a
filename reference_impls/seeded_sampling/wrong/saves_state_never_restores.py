# Saves the global RNG state, reseeds it for its draws, and forgets to put the saved state back.
import torch


def solve(weights, p_keep, num_samples, seed):
    saved = torch.random.get_rng_state()  # noqa: F841 - meant to be restored at the end
    torch.random.manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True)
    return idx, torch.bernoulli(p_keep)
