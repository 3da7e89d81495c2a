import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths: list[int], batch_size: int, seed: int):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.seed = seed

    def _sizes(self, order: list[int]) -> list[int]:
        """Batch sizes along the sorted order: full batches and, where batch_size does not divide,
        the one shorter batch where it costs least. Cutting from the start is not always best:
        lengths [1, 10, 10] in 2s cost 30 as [1, 10], [10] and 21 as [1], [10, 10]."""
        bs = self.batch_size
        full, rest = divmod(len(order), bs)
        if not rest:
            return [bs] * full
        top = [self.lengths[i] for i in order]  # sorted: a batch's longest is its last
        before = [0]  # the full batches cut before the short one
        for k in range(full):
            before.append(before[-1] + bs * top[(k + 1) * bs - 1])
        after = [0] * (full + 1)  # the full batches cut after it, shifted by `rest`
        for k in range(full - 1, -1, -1):
            after[k] = after[k + 1] + bs * top[(k + 1) * bs - 1 + rest]
        at = min(range(full + 1), key=lambda a: before[a] + rest * top[a * bs + rest - 1] + after[a])
        return [bs] * at + [rest] + [bs] * (full - at)

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed)
        # A random order first, so that samples of equal length are not always batched together;
        # the sort is stable, so ties keep that random order.
        order = torch.randperm(len(self.lengths), generator=g).tolist()
        order.sort(key=lambda i: self.lengths[i])
        batches, pos = [], 0
        for size in self._sizes(order):
            batches.append(order[pos:pos + size])
            pos += size
        return iter([batches[j] for j in torch.randperm(len(batches), generator=g).tolist()])

    def __len__(self) -> int:
        return (len(self.lengths) + self.batch_size - 1) // self.batch_size
