# Generator-based iterator: one shared index queue for all workers, a reorder dict, cleanup in try/finally (runs on exhaustion, error, close() or GC of the generator)
import multiprocessing
import traceback
from itertools import islice

import torch.utils.data


def _loop(ds, collate, tasks, results):
    for job in iter(tasks.get, None):
        n, idx = job
        try:
            results.put((n, collate([ds[i] for i in idx]), None))
        except BaseException as e:  # noqa: BLE001
            results.put((n, None, f"{type(e).__name__}: {e}\n{traceback.format_exc()}"))


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset = dataset
        self.batch_size = batch_size
        self.sampler = sampler
        self.drop_last = drop_last
        self.num_workers = num_workers
        self.collate_fn = collate_fn or torch.utils.data.default_collate

    def _chunks(self):
        it = iter(range(len(self.dataset)) if self.sampler is None else self.sampler)
        while chunk := list(islice(it, self.batch_size)):
            if len(chunk) < self.batch_size and self.drop_last:
                break
            yield chunk

    def __iter__(self):
        return self._serial() if self.num_workers <= 0 else self._parallel()

    def _serial(self):
        for chunk in self._chunks():
            yield self.collate_fn([self.dataset[i] for i in chunk])

    def _parallel(self):
        ctx = multiprocessing.get_context("fork")
        tasks, results = ctx.SimpleQueue(), ctx.Queue()
        procs = [ctx.Process(target=_loop, args=(self.dataset, self.collate_fn, tasks, results), daemon=True)
                 for _ in range(self.num_workers)]
        for p in procs:
            p.start()
        try:
            chunks = enumerate(self._chunks())
            inflight = 0
            for job in islice(chunks, 2 * self.num_workers):
                tasks.put(job)
                inflight += 1
            pending, want = {}, 0
            while inflight:
                while want not in pending:
                    n, out, err = results.get()
                    pending[n] = (out, err)
                out, err = pending.pop(want)
                inflight -= 1
                want += 1
                if err is not None:
                    raise RuntimeError(f"batch {want - 1} failed in a worker: {err}")
                job = next(chunks, None)
                if job is not None:
                    tasks.put(job)
                    inflight += 1
                yield out
        finally:
            for p in procs:
                p.terminate()
            for p in procs:
                p.join()
            results.cancel_join_thread()
            results.close()
