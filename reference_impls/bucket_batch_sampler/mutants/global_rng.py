# Shuffles with the global `random` module and ignores the seed: not reproducible.
# zh: 用全局的 `random` 模块打乱顺序，忽略了 seed：结果无法复现。
import random

from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size = list(lengths), batch_size

    def __iter__(self):
        order = sorted(range(len(self.lengths)), key=lambda i: self.lengths[i])
        batches = [order[k:k + self.batch_size] for k in range(0, len(order), self.batch_size)]
        random.shuffle(batches)
        return iter(batches)

    def __len__(self):
        return (len(self.lengths) + self.batch_size - 1) // self.batch_size
