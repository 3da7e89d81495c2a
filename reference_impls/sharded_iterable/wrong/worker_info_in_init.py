# Computes the shard in __init__ (get_worker_info() is None in the main process there): every worker yields the whole range
# zh: 在 __init__ 里计算分片（主进程中 get_worker_info() 为 None）：每个 worker 都产出整个区间。
import math
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        wi = get_worker_info()
        if wi is None:
            self.lo, self.hi = start, end
        else:
            per = math.ceil((end - start) / wi.num_workers)
            self.lo = start + wi.id * per
            self.hi = min(self.lo + per, end)

    def __iter__(self):
        return iter(range(self.lo, self.hi))
