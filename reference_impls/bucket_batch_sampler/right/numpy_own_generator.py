# numpy throughout: own np.random.default_rng(seed) Generator (not the global numpy RNG), vectorised cost of every short-batch position, batches converted to Python ints
import numpy as np
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = np.asarray(list(lengths), dtype=np.int64)
        self.b = int(batch_size)
        self.seed = seed
        n, b = len(self.lengths), self.b
        order = np.argsort(self.lengths, kind="stable")
        s = self.lengths[order]
        m, r = divmod(n, b)
        if r == 0:
            sizes = [b] * m
        else:
            # short batch at position k: full batches end at j*b-1 (j<=k), short ends at k*b+r-1, later full ones end at k*b+r+j*b-1
            full_before = np.concatenate([[0], np.cumsum(b * s[b - 1:m * b:b])])          # cost of the first k full batches
            tail_ends = np.arange(n - 1, r - 1, -b)                                         # ends of full batches cut from the end
            full_after = np.concatenate([[0], np.cumsum(b * s[tail_ends])])[::-1]           # cost of the last (m-k) full batches
            short = r * s[np.arange(m + 1) * b + r - 1]
            k = int(np.argmin(full_before + short + full_after))
            sizes = [b] * k + [r] + [b] * (m - k)
        self._parts = [[int(i) for i in part] for part in np.split(order, np.cumsum(sizes)[:-1])]

    def __iter__(self):
        rng = np.random.default_rng(self.seed)
        return (list(self._parts[k]) for k in rng.permutation(len(self._parts)))

    def __len__(self):
        return len(self._parts)
