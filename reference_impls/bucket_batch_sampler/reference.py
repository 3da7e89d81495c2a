import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths: list[int], batch_size: int, seed: int):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed)
        # A random order first, so that samples of equal length are not always batched together;
        # the sort is stable, so ties keep that random order.
        order = torch.randperm(len(self.lengths), generator=g).tolist()
        order.sort(key=lambda i: self.lengths[i])
        batches = [order[k:k + self.batch_size] for k in range(0, len(order), self.batch_size)]
        return iter([batches[j] for j in torch.randperm(len(batches), generator=g).tolist()])

    def __len__(self) -> int:
        return (len(self.lengths) + self.batch_size - 1) // self.batch_size
