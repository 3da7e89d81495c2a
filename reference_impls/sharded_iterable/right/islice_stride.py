# Strides through the stream with itertools.islice, treating the main process as worker 0 of 1.
import itertools

from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start: int, end: int):
        self.start = start
        self.end = end

    def __iter__(self):
        info = get_worker_info()
        worker, workers = (0, 1) if info is None else (info.id, info.num_workers)
        return itertools.islice(range(self.start, self.end), worker, None, workers)
