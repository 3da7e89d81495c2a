# Narrows self.start/self.end to the worker's shard inside __iter__: the persistent worker's second epoch re-shards its own shard
# zh: 在 __iter__ 里把 self.start/self.end 缩成本 worker 的分片：持久 worker 的第二个 epoch 在自己的分片上再分片。
import math
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        wi = get_worker_info()
        if wi is not None:
            per = math.ceil((self.end - self.start) / wi.num_workers)
            self.start = self.start + wi.id * per
            self.end = min(self.start + per, self.end)
        for i in range(self.start, self.end):
            yield i
