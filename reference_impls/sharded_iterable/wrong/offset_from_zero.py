# Computes each worker's chunk from 0 instead of from start, so a range that does not start at 0 is shifted.
import math

from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        info = get_worker_info()
        if info is None:
            return iter(range(self.start, self.end))
        per = math.ceil((self.end - self.start) / info.num_workers)
        return iter(range(info.id * per, min(info.id * per + per, self.end)))
