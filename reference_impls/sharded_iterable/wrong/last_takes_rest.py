# Gives each worker (end - start) // n items and the last worker the whole remainder, which can exceed the ceiling.
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        info = get_worker_info()
        if info is None:
            return iter(range(self.start, self.end))
        per = (self.end - self.start) // info.num_workers
        lo = self.start + info.id * per
        hi = self.end if info.id == info.num_workers - 1 else lo + per
        return iter(range(lo, hi))
