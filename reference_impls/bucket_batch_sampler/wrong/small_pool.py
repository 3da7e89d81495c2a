# "pool" bucketing: shuffle, sort inside pools of 4 batches, shuffle batches; padded size can exceed 1.25x the optimum
# zh: 按 4 个批次的小池子分桶：padding 总长可能超过最优值的 1.25 倍。
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    POOL = 4

    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        rng = random.Random(self.seed)
        idx = list(range(len(self.lengths)))
        rng.shuffle(idx)
        pool = self.POOL * self.batch_size
        batches = []
        for p in range(0, len(idx), pool):
            chunk = sorted(idx[p:p + pool], key=lambda i: self.lengths[i])
            batches += [chunk[i:i + self.batch_size] for i in range(0, len(chunk), self.batch_size)]
        # keep only one short batch: merge the short tails of the pools
        full = [b for b in batches if len(b) == self.batch_size]
        rest = sorted([i for b in batches if len(b) < self.batch_size for i in b], key=lambda i: self.lengths[i])
        full += [rest[i:i + self.batch_size] for i in range(0, len(rest), self.batch_size)]
        rng.shuffle(full)
        return iter(full)

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)
