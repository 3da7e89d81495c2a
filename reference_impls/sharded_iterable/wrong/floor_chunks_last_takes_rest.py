# Contiguous chunks of floor(n / workers), the last worker takes the remainder: it yields more than ceil(n / workers)
# zh: 连续块大小取 floor(n / workers)，最后一个 worker 拿走余数：产出超过 ceil(n / workers) 个。
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        wi = get_worker_info()
        if wi is None:
            return iter(range(self.start, self.end))
        per = (self.end - self.start) // wi.num_workers
        lo = self.start + wi.id * per
        hi = self.end if wi.id == wi.num_workers - 1 else lo + per
        return iter(range(lo, hi))
