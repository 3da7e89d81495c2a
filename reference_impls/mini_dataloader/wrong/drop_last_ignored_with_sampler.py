# Applies drop_last only to the default order, so with a custom sampler the short last batch is kept.
# zh: drop_last 只作用于默认顺序，用自定义 sampler 时较短的最后一个 batch 被保留了下来。
import multiprocessing as mp
from itertools import islice

from torch.utils.data import default_collate

_state = {}  # set in each worker by the pool's initializer


def _init(dataset, collate):
    _state["dataset"], _state["collate"] = dataset, collate


def _fetch(indices):
    try:
        return True, _state["collate"]([_state["dataset"][i] for i in indices])
    except Exception as e:
        return False, f"{type(e).__name__}: {e}"


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset = dataset
        self.batch_size = batch_size
        self.sampler = sampler
        self.drop_last = drop_last
        self.num_workers = num_workers
        self.collate_fn = collate_fn or default_collate

    def _index_batches(self):
        drop = self.drop_last and self.sampler is None  # the mistake: drop_last only for the default order
        it = iter(range(len(self.dataset)) if self.sampler is None else self.sampler)
        while batch := list(islice(it, self.batch_size)):
            if len(batch) < self.batch_size and drop:
                return
            yield batch

    def __iter__(self):
        if self.num_workers == 0:
            for batch in self._index_batches():
                yield self.collate_fn([self.dataset[i] for i in batch])
            return
        pool = mp.get_context("fork").Pool(self.num_workers, initializer=_init,
                                           initargs=(self.dataset, self.collate_fn))
        try:
            for ok, value in pool.imap(_fetch, self._index_batches()):
                if not ok:
                    raise RuntimeError(f"a worker failed: {value}")
                yield value
        finally:
            pool.terminate()
            pool.join()
