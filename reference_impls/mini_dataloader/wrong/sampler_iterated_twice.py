# Counts the batches of a pass by running the sampler once before dispatching: each pass iterates a RandomSampler twice, so orders drift from torch's
# zh: 为了数批次先把 sampler 跑一遍再分发：每遍把 RandomSampler 遍历两次，顺序与 torch 的不同。
import multiprocessing as mp
import queue as _queue
import traceback

from torch.utils.data import default_collate

_ctx = mp.get_context("fork")


def _worker(dataset, collate, index_q, result_q):
    while True:
        task = index_q.get()
        if task is None:
            break
        idx, indices = task
        try:
            out = collate([dataset[i] for i in indices])
            result_q.put((idx, True, out))
        except Exception:
            result_q.put((idx, False, traceback.format_exc()))


class _MultiIter:
    def __init__(self, loader):
        self.loader = loader
        self.n_batches = sum(1 for _ in loader._batches())  # for the progress bar / bookkeeping
        self.batches = loader._batches()
        n = loader.num_workers
        self.index_qs = [_ctx.Queue() for _ in range(n)]
        self.result_q = _ctx.Queue()
        self.workers = []
        for w in range(n):
            p = _ctx.Process(target=_worker, args=(loader.dataset, loader.collate_fn, self.index_qs[w], self.result_q), daemon=True)
            p.start()
            self.workers.append(p)
        self.send_idx = 0
        self.rcvd_idx = 0
        self.buffer = {}
        self.exhausted = False
        self.shut = False
        for _ in range(2 * n):
            self._send()

    def _send(self):
        if self.exhausted:
            return
        try:
            b = next(self.batches)
        except StopIteration:
            self.exhausted = True
            return
        self.index_qs[self.send_idx % len(self.workers)].put((self.send_idx, b))
        self.send_idx += 1

    def __iter__(self):
        return self

    def __next__(self):
        if self.shut:
            raise StopIteration
        if self.rcvd_idx >= self.send_idx and self.exhausted:
            self._shutdown()
            raise StopIteration
        while self.rcvd_idx not in self.buffer:
            try:
                idx, ok, data = self.result_q.get(timeout=5.0)
            except _queue.Empty:
                if not all(p.is_alive() for p in self.workers):
                    self._shutdown()
                    raise RuntimeError("a worker died unexpectedly")
                continue
            self.buffer[idx] = (ok, data)
        ok, data = self.buffer.pop(self.rcvd_idx)
        self.rcvd_idx += 1
        if not ok:
            self._shutdown()
            raise RuntimeError("Caught an exception in a worker process:\n" + data)
        self._send()
        return data

    def _shutdown(self):
        if self.shut:
            return
        self.shut = True
        for q in self.index_qs:
            try:
                q.put(None)
            except Exception:
                pass
        for p in self.workers:
            p.join(timeout=2.0)
            if p.is_alive():
                p.terminate()
                p.join()
        for q in self.index_qs + [self.result_q]:
            q.cancel_join_thread()
            q.close()

    def __del__(self):
        self._shutdown()


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset = dataset
        self.batch_size = batch_size
        self.sampler = sampler
        self.drop_last = drop_last
        self.num_workers = num_workers
        self.collate_fn = default_collate if collate_fn is None else collate_fn

    def _batches(self):
        order = range(len(self.dataset)) if self.sampler is None else self.sampler
        batch = []
        for i in order:
            batch.append(i)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def _single(self):
        for b in self._batches():
            yield self.collate_fn([self.dataset[i] for i in b])

    def __iter__(self):
        if self.num_workers == 0:
            return self._single()
        return _MultiIter(self)
