# "workers" are threads (multiprocessing.pool.ThreadPool, ordered imap): batches and order are right, but every sample is loaded in the main process
# zh: 用线程（ThreadPool）当 worker：批次和顺序都对，但每个样本都在主进程中加载。
from multiprocessing.pool import ThreadPool

from torch.utils.data import default_collate


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset, self.batch_size, self.sampler = dataset, batch_size, sampler
        self.drop_last, self.num_workers = drop_last, num_workers
        self.collate_fn = collate_fn or default_collate

    def _batches(self):
        order = range(len(self.dataset)) if self.sampler is None else self.sampler
        b = []
        for i in order:
            b.append(i)
            if len(b) == self.batch_size:
                yield b
                b = []
        if b and not self.drop_last:
            yield b

    def _load(self, b):
        return self.collate_fn([self.dataset[i] for i in b])

    def __iter__(self):
        if self.num_workers == 0:
            return map(self._load, self._batches())
        return self._threaded()

    def _threaded(self):
        with ThreadPool(self.num_workers) as pool:
            yield from pool.imap(self._load, self._batches())
