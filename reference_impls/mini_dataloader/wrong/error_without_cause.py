# Raises a bare "worker failed" when a fetch fails, dropping the original exception's message.
# zh: 取数据失败时只抛出一句 "worker failed"，原始异常的信息丢了。
import multiprocessing as mp

from torch.utils.data import default_collate


def _work(dataset, collate, tasks, results):
    for k, idx in iter(tasks.get, None):
        try:
            results.put((k, collate([dataset[i] for i in idx]), False))
        except Exception:
            results.put((k, None, True))


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset, self.batch_size, self.sampler = dataset, batch_size, sampler
        self.drop_last, self.num_workers = drop_last, num_workers
        self.collate = collate_fn or default_collate

    def _batches(self):
        order = list(range(len(self.dataset)) if self.sampler is None else self.sampler)
        for s in range(0, len(order), self.batch_size):
            b = order[s:s + self.batch_size]
            if len(b) == self.batch_size or not self.drop_last:
                yield b

    def __iter__(self):
        if self.num_workers == 0:
            for b in self._batches():
                yield self.collate([self.dataset[i] for i in b])
            return
        ctx = mp.get_context("fork")
        tasks, results = ctx.Queue(), ctx.Queue()
        procs = [ctx.Process(target=_work, args=(self.dataset, self.collate, tasks, results), daemon=True)
                 for _ in range(self.num_workers)]
        for p in procs:
            p.start()
        try:
            batches = list(self._batches())
            for k, b in enumerate(batches):
                tasks.put((k, b))
            ready = {}
            for k in range(len(batches)):
                while k not in ready:
                    j, data, failed = results.get()
                    ready[j] = (data, failed)
                data, failed = ready.pop(k)
                if failed:
                    raise RuntimeError("worker failed")
                yield data
        finally:
            for _ in procs:
                tasks.put(None)
            for p in procs:
                p.join(timeout=5)
                if p.is_alive():
                    p.terminate()
