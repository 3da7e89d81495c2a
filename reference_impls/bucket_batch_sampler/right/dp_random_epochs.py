# dynamic programme over the sorted order (any cut with at most one short batch), random.Random((seed, epoch)-derived) so each epoch reshuffles yet depends only on seed and epoch number
import random
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths = [int(x) for x in lengths]
        self.bs = batch_size
        self.seed = seed
        self.epoch = 0
        self.batches = self._plan()

    def _plan(self):
        n, b = len(self.lengths), self.bs
        order = sorted(range(n), key=lambda i: (self.lengths[i], i))
        L = [self.lengths[i] for i in order]
        r = n % b
        INF = float("inf")
        # dp[p][used] = min cost covering order[:p], used = whether the short batch was placed
        dp = [[INF, INF] for _ in range(n + 1)]
        back = [[None, None] for _ in range(n + 1)]
        dp[0][0] = 0
        for p in range(n):
            for used in (0, 1):
                if dp[p][used] == INF:
                    continue
                moves = [(b, used)] + ([(r, 1)] if r and not used else [])
                for z, nu in moves:
                    q = p + z
                    if q <= n and dp[p][used] + z * L[q - 1] < dp[q][nu]:
                        dp[q][nu] = dp[p][used] + z * L[q - 1]
                        back[q][nu] = (p, used)
        q, u = n, (1 if r else 0)
        cuts = []
        while q:
            p, pu = back[q][u]
            cuts.append(order[p:q]); q, u = p, pu
        return cuts[::-1]

    def __iter__(self):
        rng = random.Random(self.seed * 1_000_003 + self.epoch)
        self.epoch += 1
        batches = [list(x) for x in self.batches]
        rng.shuffle(batches)
        yield from batches

    def __len__(self):
        return len(self.batches)
