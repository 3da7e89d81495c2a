# Uses a fork-context multiprocessing.Pool (daemon worker processes, internal task/result queues, ordered imap) inside a generator whose finally terminates the pool
import multiprocessing as mp
import sys
import traceback
import types

from torch.utils.data import default_collate

_STATE = {}


def _init(dataset, collate):
    _STATE["ds"], _STATE["collate"] = dataset, collate


def _load(indices):
    try:
        return True, _STATE["collate"]([_STATE["ds"][i] for i in indices])
    except Exception:
        return False, traceback.format_exc()


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset = dataset
        self.batch_size = batch_size
        self.sampler = sampler
        self.drop_last = drop_last
        self.num_workers = num_workers
        self.collate_fn = collate_fn if collate_fn is not None else default_collate

    def _index_batches(self):
        src = iter(self.sampler) if self.sampler is not None else iter(range(len(self.dataset)))
        while True:
            chunk = []
            for i in src:
                chunk.append(i)
                if len(chunk) == self.batch_size:
                    break
            if not chunk or (len(chunk) < self.batch_size and self.drop_last):
                return
            yield chunk
            if len(chunk) < self.batch_size:
                return

    def __iter__(self):
        if not self.num_workers:
            return (self.collate_fn([self.dataset[i] for i in b]) for b in self._index_batches())
        return self._pooled()

    def _pooled(self):
        # Pool pickles _load by module name: make sure that name resolves even if this file was loaded without sys.modules
        if sys.modules.get(__name__) is None or getattr(sys.modules[__name__], "_load", None) is not _load:
            stand_in = types.ModuleType(__name__)
            stand_in.__dict__.update(globals())
            sys.modules[__name__] = stand_in
        pool = mp.get_context("fork").Pool(self.num_workers, initializer=_init, initargs=(self.dataset, self.collate_fn))
        try:
            for ok, out in pool.imap(_load, self._index_batches(), chunksize=1):
                if not ok:
                    raise RuntimeError("worker raised:\n" + out)
                yield out
        finally:
            pool.terminate()
            pool.join()
