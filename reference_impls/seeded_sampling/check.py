"""Trusted checker data for `seeded_sampling` (imported by the grader only).

Threat list (how a candidate gets this wrong -> what kills it; exact comparison with the oracle):
- multinomial without replacement -> many-samples and zero-weights (8 draws of 6 categories): more
  draws than categories raises in torch 2.13.
- a fresh generator per draw, or the draws in the other order -> every case.
- an epsilon added to the weights (clamp_min(1e-6), "no all-zero rows") -> contract weights
  mostly_zero: hundreds of zeros beside a few weights of 1e-5..1e-3 (wrong/clamp_zero_weights).
- per-row sampling in a loop is not a mistake: one generator consumed row by row gives the same
  stream (right/row_by_row passes).
- the mask as bool, or as rand < p cast to float32 -> dtype check, float64-probabilities.
- a solution that casts on its own (float64 cast away, a float32 mask), or that breaks on one
  category, one row, one draw -> contract axes dtype, weights, rows, samples.
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


def _case(name, gen, weights, num_samples, p_keep=None, seed=None):
    if p_keep is None:
        p_keep = torch.rand(weights.shape[0], num_samples, generator=gen)
    if seed is None:
        seed = int(torch.randint(0, 2**31, (), generator=gen))
    return Case(name, (weights, p_keep, num_samples, seed))


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
    return []  # the contract's points are the hidden cases: weights, counts, dtypes, probabilities, rows


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml)."""
    dtype = getattr(torch, point["dtype"])
    rows = 1 if point["rows"] == "one" else int(torch.randint(2, 6, (), generator=gen))
    cats = {"one_category": 1, "mostly_zero": int(torch.randint(200, 1001, (), generator=gen))}.get(
        point["weights"], int(torch.randint(2, 9, (), generator=gen)))
    weights = torch.rand(rows, cats, generator=gen, dtype=dtype) * 10 + 0.01  # unnormalised, all > 0
    if point["weights"] == "mostly_zero":
        # hundreds of zero weights beside one to three tiny ones: an epsilon added to the zeros (to
        # avoid an all-zero row) carries as much mass as the real categories
        tiny = torch.zeros(rows, cats, dtype=dtype)
        for r in range(rows):
            cols = torch.randperm(cats, generator=gen)[:int(torch.randint(1, 4, (), generator=gen))]
            tiny[r, cols] = (torch.rand(len(cols), generator=gen, dtype=dtype) * 1e-3 + 1e-5)
        weights = tiny
    if point["weights"] == "sparse":  # about half the categories of every row never drawn
        keep = torch.rand(rows, cats, generator=gen) < 0.5
        keep[:, int(torch.randint(cats, (), generator=gen))] = True
        weights = weights * keep.to(dtype)
    num = {"one": 1, "few": int(torch.randint(2, 6, (), generator=gen)),
           "many": min(cats, 60) + int(torch.randint(5, 40, (), generator=gen))}[point["samples"]]
    p_keep = torch.rand(rows, num, generator=gen, dtype=dtype)
    if point["p_keep"] == "zero_one":  # exact 0s and 1s among the probabilities
        pick = torch.randint(3, (rows, num), generator=gen)
        p_keep = torch.where(pick == 0, 0.0, torch.where(pick == 1, 1.0, p_keep)).to(dtype)
    # seed 0: an `if seed:` skips seeding it, and a fresh Generator has another default seed. (No seeds
    # past 2**32: the CPU generator seeds its mt19937 with the low 32 bits, so seed % 2**32 draws alike.)
    seed = {"drawn": None, "zero": 0}[point["seed"]]
    return _case("contract", gen, weights, num, p_keep, seed)


KEEP_GLOBAL_RNG = True  # the prompt asks for one private torch.Generator: the global stream stays untouched
