# the generator is a class attribute, so every sampler shares it: two samplers built with the same seed and then iterated give different orders
# zh: 生成器是类属性，所有实例共用：两个 seed 相同的 sampler 先都建好再依次迭代，会得到不同的批次。
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    rng = random.Random()

    def __init__(self, lengths, batch_size, seed):
        self.lengths = list(lengths)
        self.batch_size = batch_size
        self.rng.seed(seed)

    def __iter__(self):
        n, b = len(self.lengths), self.batch_size
        order = sorted(range(n), key=lambda i: self.lengths[i])
        m, r = divmod(n, b)
        best = None
        for k in range(m + 1 if r else 1):
            sizes = [b] * k + ([r] if r else []) + [b] * (m - k)
            out, p = [], 0
            for z in sizes:
                out.append(order[p:p + z]); p += z
            c = sum(len(x) * self.lengths[x[-1]] for x in out)
            if best is None or c < best[0]:
                best = (c, out)
        batches = best[1]
        self.rng.shuffle(batches)
        return iter(batches)

    def __len__(self):
        return -(-len(self.lengths) // self.batch_size)
