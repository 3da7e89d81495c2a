# Shuffles the indices with the seeded RNG and then sorts them by length: the sort undoes the shuffle, batches come shortest-first
# zh: 先用带种子的 RNG 打乱再按长度排序：排序抵消了打乱，批次从短到长。
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        idx = list(range(len(self.lengths)))
        random.Random(self.seed).shuffle(idx)
        idx.sort(key=lambda i: self.lengths[i])  # stable: ties keep the random order
        for i in range(0, len(idx), self.batch_size):
            yield idx[i:i + self.batch_size]

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)
