# All-torch: random tie-break + stable argsort, batch order from torch.randperm with a private Generator, every pass regenerated from seed alone
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths: list[int], batch_size: int, seed: int):
        self._len = torch.tensor(list(lengths), dtype=torch.long)
        self._bs = int(batch_size)
        self._seed = int(seed)

    def __iter__(self):
        g = torch.Generator()
        g.manual_seed(self._seed)
        n = self._len.numel()
        perm = torch.randperm(n, generator=g)
        order = perm[torch.argsort(self._len[perm], stable=True)]
        batches = [b.tolist() for b in torch.split(order, self._bs)] if n else []
        for j in torch.randperm(len(batches), generator=g).tolist():
            yield batches[j]

    def __len__(self) -> int:
        return (self._len.numel() + self._bs - 1) // self._bs
