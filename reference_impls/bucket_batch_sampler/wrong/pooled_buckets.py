# torchnlp-style buckets: shuffle, split into pools of 50 batches, sort only inside each pool; exact for small datasets but a few long samples spread over pools blow the 1.25x bound on large ones
# zh: torchnlp 式分桶：打乱后分成每池 50 个批次，只在池内排序；小数据上恰好最优，但大数据里少数长样本分散在各池，会超过 1.25 倍的上限。
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    POOL_BATCHES = 50

    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def _batches(self):
        rng = random.Random(self.seed)
        idx = list(range(len(self.lengths)))
        rng.shuffle(idx)
        pool = self.POOL_BATCHES * self.batch_size
        batches = []
        for p in range(0, len(idx), pool):
            chunk = sorted(idx[p:p + pool], key=lambda i: self.lengths[i])
            batches += [chunk[i:i + self.batch_size] for i in range(0, len(chunk), self.batch_size)]
        # merge the (possibly several) short tail batches of the pools into full ones
        full = [b for b in batches if len(b) == self.batch_size]
        rest = [i for b in batches if len(b) != self.batch_size for i in b]
        rest.sort(key=lambda i: self.lengths[i])
        full += [rest[i:i + self.batch_size] for i in range(0, len(rest), self.batch_size)]
        rng.shuffle(full)
        return full

    def __iter__(self):
        return iter(self._batches())

    def __len__(self):
        return (len(self.lengths) + self.batch_size - 1) // self.batch_size
