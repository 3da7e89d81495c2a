# Seeds the global `random` module with random.seed(seed): reproducible, but it reseeds everyone else's randomness.
import random

from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size, self.seed = list(lengths), batch_size, seed

    def __iter__(self):
        random.seed(self.seed)
        order = sorted(range(len(self.lengths)), key=self.lengths.__getitem__)
        batches = [order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)]
        random.shuffle(batches)
        return iter(batches)

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)
