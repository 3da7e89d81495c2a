# Contiguous chunks of ceil(len / num_workers) records per worker, the last one clipped at end.
import math

from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start: int, end: int):
        self.start, self.end = start, end

    def _bounds(self):
        info = get_worker_info()
        if info is None:
            return self.start, self.end
        per = math.ceil((self.end - self.start) / info.num_workers)
        lo = min(self.start + info.id * per, self.end)
        return lo, min(lo + per, self.end)

    def __iter__(self):
        lo, hi = self._bounds()
        yield from range(lo, hi)
