# Yields every batch correctly but __len__ uses floor division: one batch short when batch_size does not divide n
# zh: 批次都对，但 __len__ 用了向下取整：batch_size 不整除 n 时少一个批次。
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        order = sorted(range(len(self.lengths)), key=self.lengths.__getitem__)
        batches = [order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)]
        random.Random(self.seed).shuffle(batches)
        return iter(batches)

    def __len__(self):
        return len(self.lengths) // self.batch_size
