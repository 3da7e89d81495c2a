"""Length-bucketing batch sampler.

Padding a batch of sequences to its longest one wastes compute when short and long samples are
mixed. Write `BucketBatchSampler(lengths, batch_size, seed)`, a batch sampler for
`DataLoader(dataset, batch_sampler=BucketBatchSampler(...))`: `lengths[i]` is the length of sample
i (a list of ints), and iterating the sampler yields batches as lists of indices (Python ints).

Every epoch (every `iter(sampler)`):
- every index 0 .. len(lengths) - 1 appears exactly once: nothing dropped, nothing repeated;
- every batch holds `batch_size` indices, except a single shorter batch when batch_size does not
  divide len(lengths);
- batches group samples of similar length: the padded size of the epoch, the sum over batches of
  len(batch) * (largest length in it), is at most 1.25x the smallest one possible (sorting all
  lengths and cutting the sorted order into batches reaches it, with the one shorter batch cut
  where it costs least: lengths [1, 10, 10] in batches of 2 cost 21 as [1], [10, 10], but 30 as
  [1, 10], [10]);
- the order of the batches is shuffled (training must not see all short samples first), and is
  determined by `seed` alone: two samplers built with the same seed yield the same batches,
  different seeds give different orders. Draw randomness from your own generator seeded with
  `seed` (torch.Generator or random.Random), never from the global RNG.

`len(sampler)` is the number of batches of an epoch.
"""

from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths: list[int], batch_size: int, seed: int):
        raise NotImplementedError

    def __iter__(self):
        raise NotImplementedError

    def __len__(self) -> int:
        raise NotImplementedError
