# Yields the batches as index tensors from torch.split instead of lists of Python ints.
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size, self.seed = torch.tensor(lengths), batch_size, seed

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed)
        order = torch.argsort(self.lengths, stable=True)
        batches = list(torch.split(order, self.batch_size))
        return iter([batches[j] for j in torch.randperm(len(batches), generator=g)])

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)
