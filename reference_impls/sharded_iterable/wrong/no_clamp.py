# Ceil-sized contiguous chunks without clamping the end: the last worker runs past `end` when workers do not divide n
# zh: 按 ceil 大小切连续块但不截断终点：worker 数不整除 n 时最后一个 worker 越过 `end`。
import math
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        wi = get_worker_info()
        if wi is None:
            yield from range(self.start, self.end)
            return
        per = math.ceil((self.end - self.start) / wi.num_workers)
        lo = self.start + wi.id * per
        yield from range(lo, lo + per)
