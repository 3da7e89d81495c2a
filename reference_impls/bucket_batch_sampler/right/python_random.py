# Uses a private random.Random(seed) for both the tie shuffle and the batch order, and math.ceil for len().
import math
import random

from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        rng = random.Random(self.seed)
        order = list(range(len(self.lengths)))
        rng.shuffle(order)  # random tie order; sorted() below is stable
        order = sorted(order, key=lambda i: self.lengths[i])
        batches = [order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)]
        rng.shuffle(batches)
        yield from batches

    def __len__(self):
        return math.ceil(len(self.lengths) / self.batch_size)
