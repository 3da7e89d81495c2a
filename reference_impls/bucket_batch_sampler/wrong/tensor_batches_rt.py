# Argsort + split: yields int64 tensors instead of lists of Python ints
# zh: argsort 加 split：产出 int64 张量，而不是 Python int 列表。
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = torch.as_tensor(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed)
        order = torch.argsort(self.lengths, stable=True)
        batches = list(order.split(self.batch_size))
        for j in torch.randperm(len(batches), generator=g):
            yield batches[j]

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)
