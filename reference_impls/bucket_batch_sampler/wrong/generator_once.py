# Builds the batch generator once in __init__: the first epoch is right, a second iter(sampler) yields nothing
# zh: 在 __init__ 里只建一次批次生成器：第一个 epoch 正确，第二次 iter(sampler) 什么也不产出。
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.n = len(lengths)
        self.batch_size = batch_size
        order = sorted(range(self.n), key=lambda i: lengths[i])
        batches = [order[i:i + batch_size] for i in range(0, self.n, batch_size)]
        random.Random(seed).shuffle(batches)
        self._it = (b for b in batches)

    def __iter__(self):
        return self._it

    def __len__(self):
        return -(-self.n // self.batch_size)
