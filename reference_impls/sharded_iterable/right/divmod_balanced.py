# Contiguous balanced chunks via divmod (first r workers get one extra), generator-based
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start = start
        self.end = end

    def __iter__(self):
        info = get_worker_info()
        nw = 1 if info is None else info.num_workers
        wid = 0 if info is None else info.id
        q, r = divmod(max(self.end - self.start, 0), nw)
        lo = self.start + wid * q + min(wid, r)
        hi = lo + q + (1 if wid < r else 0)
        v = lo
        while v < hi:
            yield v
            v += 1
