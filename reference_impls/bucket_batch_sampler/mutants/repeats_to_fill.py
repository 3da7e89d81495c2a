# Fills the shorter last batch up with samples from the first one, so those are seen twice.
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size, self.seed = list(lengths), batch_size, seed

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed)
        order = torch.randperm(len(self.lengths), generator=g).tolist()
        order.sort(key=lambda i: self.lengths[i])
        batches = [order[k:k + self.batch_size] for k in range(0, len(order), self.batch_size)]
        if batches and len(batches[-1]) < self.batch_size:
            batches[-1] += batches[0][:self.batch_size - len(batches[-1])]
        return iter([batches[j] for j in torch.randperm(len(batches), generator=g).tolist()])

    def __len__(self):
        return (len(self.lengths) + self.batch_size - 1) // self.batch_size
