# Strided sharding keyed on the value itself (v % num_workers == id): still a partition of a contiguous range with at most ceil(n/w) each
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        wi = get_worker_info()
        for v in range(self.start, self.end):
            if wi is None or v % wi.num_workers == wi.id:
                yield v
