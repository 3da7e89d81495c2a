# Drops the trailing short batch (drop_last habit) so len() and coverage are wrong when batch_size does not divide n
# zh: 丢掉末尾较短的批次（drop_last 习惯）：batch_size 不整除 n 时 len() 和覆盖都错。
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        order = sorted(range(len(self.lengths)), key=self.lengths.__getitem__)
        nb = len(order) // self.batch_size
        batches = [order[k * self.batch_size:(k + 1) * self.batch_size] for k in range(nb)]
        random.Random(self.seed).shuffle(batches)
        yield from batches

    def __len__(self):
        return len(self.lengths) // self.batch_size
