# Assumes get_worker_info() is never None, so loading in the main process (num_workers=0) crashes.
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        info = get_worker_info()
        return iter(range(self.start + info.id, self.end, info.num_workers))
