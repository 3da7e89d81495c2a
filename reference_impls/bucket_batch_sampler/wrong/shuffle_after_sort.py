# Shuffles the sorted index list instead of the list of batches, which undoes the bucketing.
import random

from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size, self.seed = list(lengths), batch_size, seed

    def __iter__(self):
        rng = random.Random(self.seed)
        order = sorted(range(len(self.lengths)), key=self.lengths.__getitem__)
        rng.shuffle(order)  # meant to shuffle the batches
        return iter([order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)])

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)
