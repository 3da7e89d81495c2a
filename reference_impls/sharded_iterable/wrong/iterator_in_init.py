# Builds the record iterator in __init__ and hands out the same one: with persistent_workers the second epoch is empty
# zh: 在 __init__ 里建好迭代器并重复交出同一个：persistent_workers 下第二个 epoch 为空。
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end
        self._records = iter(range(start, end))  # "the stream"

    def __iter__(self):
        wi = get_worker_info()
        wid, nw = (0, 1) if wi is None else (wi.id, wi.num_workers)
        for k, v in enumerate(self._records):
            if k % nw == wid:
                yield v
