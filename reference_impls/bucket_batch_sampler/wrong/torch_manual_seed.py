# Reseeds torch's global RNG with the seed and shuffles the batches with torch.randperm from it.
# zh: 用给定的 seed 重置 torch 的全局随机数生成器，再用它生成的 torch.randperm 打乱批次。
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size, self.seed = list(lengths), batch_size, seed
        self.epoch = 0

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)

    def __iter__(self):
        torch.manual_seed(self.seed + self.epoch)
        self.epoch += 1
        order = sorted(range(len(self.lengths)), key=self.lengths.__getitem__)
        batches = [list(order[i:i + self.batch_size]) for i in range(0, len(order), self.batch_size)]
        for i in torch.randperm(len(batches)).tolist():
            yield batches[i]
