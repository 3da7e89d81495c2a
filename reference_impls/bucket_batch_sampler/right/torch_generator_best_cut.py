# torch.sort(stable) + prefix-sum evaluation of every short-batch position, batch order from torch.randperm with a torch.Generator reseeded in every __iter__ (same batches every epoch)
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self._len = torch.as_tensor(list(lengths), dtype=torch.int64)
        self._b = int(batch_size)
        self._seed = int(seed)

    def _cut(self):
        n, b = self._len.numel(), self._b
        srt, order = torch.sort(self._len, stable=True)
        m, r = divmod(n, b)
        if r == 0:
            return list(torch.split(order, b))
        # cost if the short batch is batch k: full batches before end at k*b-1, short ends at k*b+r-1, then full ones
        best_k, best_c = 0, None
        for k in range(m + 1):
            ends = [j * b + b - 1 for j in range(k)] + [k * b + r - 1] + [k * b + r + j * b + b - 1 for j in range(m - k)]
            sizes = torch.tensor([b] * k + [r] + [b] * (m - k))
            c = int((sizes * srt[torch.tensor(ends)]).sum())
            if best_c is None or c < best_c:
                best_k, best_c = k, c
        return list(torch.split(order, [b] * best_k + [r] + [b] * (m - best_k)))

    def __iter__(self):
        parts = self._cut()
        g = torch.Generator()
        g.manual_seed(self._seed)
        for k in torch.randperm(len(parts), generator=g):
            yield [int(i) for i in parts[int(k)].tolist()]

    def __len__(self):
        return -(-self._len.numel() // self._b)
