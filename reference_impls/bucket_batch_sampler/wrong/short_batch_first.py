# Short batch cut at the SHORT end of the sorted order (split sizes [rem, bs, bs, ...]): with a few very long samples they share a full batch with short ones, padded size far above 1.25x
# zh: 较短的批次切在排序后最短的一端：少数很长的样本与短样本共处一个满批，padding 远超 1.25 倍。
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths: list[int], batch_size: int, seed: int):
        self._len = torch.tensor(list(lengths), dtype=torch.long)
        self._bs = int(batch_size)
        self._seed = int(seed)
        self._epoch = 0

    def __iter__(self):
        g = torch.Generator()
        g.manual_seed(self._seed * 1_000_003 + self._epoch)
        self._epoch += 1
        n = self._len.numel()
        # random tie-break: permute, then stable sort
        perm = torch.randperm(n, generator=g)
        order = perm[torch.argsort(self._len[perm], stable=True)]
        rem = n % self._bs
        cuts = [rem] + [self._bs] * (n // self._bs) if rem else [self._bs] * (n // self._bs)
        batches = [b.tolist() for b in torch.split(order, cuts)] if n else []
        for j in torch.randperm(len(batches), generator=g).tolist():
            yield batches[j]

    def __len__(self) -> int:
        return (self._len.numel() + self._bs - 1) // self._bs
