from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start: int, end: int):
        self.start, self.end = start, end

    def __iter__(self):
        info = get_worker_info()
        if info is None:  # loading in the main process: the whole range
            return iter(range(self.start, self.end))
        # Worker k of n takes every n-th record starting at its own offset: disjoint, and together complete.
        return iter(range(self.start + info.id, self.end, info.num_workers))
