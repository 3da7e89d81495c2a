# Avoids duplicates by letting worker 0 read everything and the others nothing: no parallelism.
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        info = get_worker_info()
        if info is not None and info.id > 0:
            return iter([])
        return iter(range(self.start, self.end))
