"""Trusted checker data for `seeded_sampling` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; exact comparison with the oracle):
- multinomial without replacement -> many-samples and zero-weights (8 draws of 6 categories): more
  draws than categories raises in torch 2.13.
- a fresh generator per draw, or the draws in the other order -> every case.
- per-row sampling in a loop is not a mistake: one generator consumed row by row gives the same
  stream (right/row_by_row passes).
- the mask as bool, or as rand < p cast to float32 -> dtype check, float64-probabilities.
- the global RNG seeded instead of a private generator (same numbers, everyone else's
  randomness reseeded) -> KEEP_GLOBAL_RNG: call_child compares torch's global RNG state before and
  after each call (wrong/global_seed, wrong/saves_state_never_restores).
"""

import torch

from dlprep.checkers.base import Case


def oracle(weights, p_keep, num_samples, seed):
    gen = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=gen)
    mask = torch.bernoulli(p_keep, generator=gen)
    return idx, mask


def _case(name, gen, weights, num_samples, p_keep=None):
    if p_keep is None:
        p_keep = torch.rand(weights.shape[0], num_samples, generator=gen)
    return Case(name, (weights, p_keep, num_samples, int(torch.randint(0, 2**31, (), generator=gen))))


def public_cases():
    gen = torch.Generator().manual_seed(0)
    sparse = torch.rand(3, 6, generator=gen)
    sparse[:, ::2] = 0  # never drawn
    return [
        _case("uniform", gen, torch.ones(2, 5), 4),
        _case("zero-weights", gen, sparse, 8),
        _case("unnormalised", gen, 10 * torch.rand(4, 3, generator=gen), 5),
        _case("one-row-one-sample", gen, torch.rand(1, 7, generator=gen), 1),
        _case("p-zero-and-one", gen, torch.rand(2, 4, generator=gen), 6,
              torch.tensor([[0.0, 1.0, 0.0, 1.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0, 0.5, 0.5]])),
        _case("many-samples", gen, torch.rand(3, 10, generator=gen), 1000),
        _case("float64-probabilities", gen, torch.rand(2, 5, generator=gen, dtype=torch.float64), 7,
              torch.rand(2, 7, generator=gen, dtype=torch.float64)),
    ]


def hidden_cases(gen, n):
    cases = []
    for i in range(n):
        rows, cats = (int(v) for v in torch.randint(1, 9, (2,), generator=gen))
        weights = torch.rand(rows, cats + 1, generator=gen) * (torch.rand(rows, cats + 1, generator=gen) > 0.3)
        weights[:, 0] += 0.1  # every row has some weight
        cases.append(_case(f"random-{i}", gen, weights, int(torch.randint(1, 50, (), generator=gen))))
    return cases


KEEP_GLOBAL_RNG = True  # the prompt asks for one private torch.Generator: the global stream stays untouched
