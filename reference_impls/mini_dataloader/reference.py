import multiprocessing as mp

from torch.utils.data import default_collate


def _worker_loop(dataset, collate_fn, index_queue, result_queue):
    while True:
        task = index_queue.get()
        if task is None:  # the stop signal
            return
        k, indices = task
        try:
            result_queue.put((k, collate_fn([dataset[i] for i in indices]), None))
        except Exception as e:  # reported to the main process, which raises it
            result_queue.put((k, None, f"{type(e).__name__}: {e}"))


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset = dataset
        self.batch_size = batch_size
        self.sampler = sampler
        self.drop_last = drop_last
        self.num_workers = num_workers
        self.collate_fn = collate_fn if collate_fn is not None else default_collate

    def _index_batches(self):
        batch = []
        for i in range(len(self.dataset)) if self.sampler is None else self.sampler:
            batch.append(i)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __iter__(self):
        if self.num_workers == 0:
            for indices in self._index_batches():
                yield self.collate_fn([self.dataset[i] for i in indices])
        else:
            yield from self._with_workers()

    def _with_workers(self):
        ctx = mp.get_context("fork")
        index_queues = [ctx.Queue() for _ in range(self.num_workers)]
        result_queue = ctx.Queue()
        workers = [ctx.Process(target=_worker_loop, args=(self.dataset, self.collate_fn, q, result_queue), daemon=True)
                   for q in index_queues]
        for w in workers:
            w.start()
        # A generator: its `finally` runs when the iteration ends, raises, or the iterator is dropped.
        try:
            tasks = enumerate(self._index_batches())
            sent = 0

            def send_one():
                nonlocal sent
                task = next(tasks, None)
                if task is not None:
                    index_queues[task[0] % self.num_workers].put(task)  # round robin
                    sent += 1

            for _ in range(2 * self.num_workers):  # two batches in flight per worker
                send_one()
            done = {}
            k = 0
            while k < sent:
                while k not in done:  # results arrive in any order: keep them until their turn
                    j, data, error = result_queue.get()
                    done[j] = (data, error)
                data, error = done.pop(k)
                if error is not None:
                    raise RuntimeError(f"worker failed on batch {k}: {error}")
                send_one()
                k += 1
                yield data
        finally:
            for q in index_queues:
                q.put(None)
            for w in workers:
                w.join(timeout=0.5)  # then stop one still busy with a sample
                if w.is_alive():
                    w.terminate()
                    w.join()
            for q in (*index_queues, result_queue):
                q.close()
                q.join_thread()
