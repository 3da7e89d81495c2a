"""Trusted checker data for `worker_seeding` (imported by the grader only).

The dataset is the dataloader family's child.NoisyDataset: its augmentation draws from a numpy Generator it
created in __init__. Every case runs the loader with the user's worker_init_fn three times: seed
a of the DataLoader's generator for two epochs, a again and then b for one; there is no oracle
beyond the facts: a == a, workers differ, b != a, epoch 2 != epoch 1.

Threat list (how a candidate gets this wrong -> what kills it):
- numpy's global RNG seeded (the dataset's own Generator untouched) -> workers differ.
- one constant seed for every worker -> workers differ.
- the worker id alone, or a per-process counter (the loader's seed ignored) -> b != a.
- OS entropy or the clock (not reproducible) -> a == a.
- a legacy RandomState (32-bit seeds only; info.seed is 64-bit) -> every case raises.
- persistent workers -> persistent-workers (epoch 2 != epoch 1).
- torch reseeded with a constant in the worker, breaking the loader's own per-worker seeding
  -> the probe's dataset also draws from torch's global RNG in each worker; the workers' first
  draws must differ (wrong/reseeds_torch_constant, wrong/reseeds_torch_with_worker_zero_seed).
- `random` reseeded by the worker_init_fn (a constant, the loader's base seed alone, the worker id
  alone, fresh entropy) -> the probe's dataset also draws from `random` in each worker, judged like
  torch's draws: workers differ, a == a, b != a, epoch 2 != epoch 1 (wrong/reseeds_random_with_base_seed).
- a seed drawn from torch's or random's stream in the worker, or random reseeded with another
  seed (info.seed % 2**32): the properties above still hold -> each sample reports its worker's
  seed, and the judge replays torch.manual_seed(seed) and random.seed(seed) and requires the very
  draws (wrong/seed_from_torch_draw, wrong/seed_from_random_stream, wrong/seed_everything_mod32).
"""

import torch

from dlprep.checkers.base import Case

PROBE = "worker_seed"


def _case(name, n, batch_size, workers, persistent, seed):
    runs = [{"seed": seed, "epochs": 2}, {"seed": seed, "epochs": 1}, {"seed": seed + 1, "epochs": 1}]
    return Case(name, ({"n": n, "batch_size": batch_size, "workers": workers, "persistent": persistent,
                        "runs": runs},))


def public_cases():
    return [
        _case("two-workers", 8, 2, 2, False, 0),
        _case("three-workers", 9, 3, 3, False, 10),
        _case("persistent-workers", 6, 1, 2, True, 20),
    ]


def hidden_cases(gen, n):
    cases = []
    for k in range(n):
        workers = int(torch.randint(2, 4, (), generator=gen))
        bs = int(torch.randint(1, 4, (), generator=gen))
        count = bs * workers * int(torch.randint(1, 4, (), generator=gen))
        cases.append(_case(f"random-{k}", count, bs, workers, bool(k % 2),
                           int(torch.randint(0, 2 ** 31, (), generator=gen))))
    return cases


def contract_case(point, gen):
    """One case of the stated domain (contract.yaml): 2-4 workers, fresh or persistent, batch_size 1
    or 3, one batch per worker, several, or a count that does not divide into the workers' batches,
    and a generator seed that is random, 0 or the largest 64-bit seed."""
    workers, bs = int(point["workers"]), int(point["batch_size"])
    rounds = int(torch.randint(2, 4, (), generator=gen))
    n = {"one_batch_each": bs * workers, "several": bs * workers * rounds,
         "uneven": bs * workers * rounds + int(torch.randint(1, bs * workers, (), generator=gen))
         if bs * workers > 1 else bs * workers * rounds}[point["samples"]]
    seed = {"random": int(torch.randint(1, 2 ** 31, (), generator=gen)), "zero": 0,
            "huge": 2 ** 63 - 2}[point["seed"]]  # +1 for the other seed stays a valid 64-bit seed
    return _case("contract", n, bs, workers, point["persistent"] == "yes", seed)
