# One index queue per worker fed round-robin, results over per-worker Pipes gathered with multiprocessing.connection.wait, released in order from a heap.
import heapq
import multiprocessing as mp
from multiprocessing.connection import wait

import torch
from torch.utils.data import default_collate


def _work(dataset, collate, inbox, conn):
    while True:
        item = inbox.get()
        if item is None:
            break
        k, ids = item
        try:
            out = ("ok", collate([dataset[j] for j in ids]))
        except Exception as e:
            out = ("err", f"{type(e).__name__}: {e}")
        conn.send((k, out))
    conn.close()


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.dataset = dataset
        self.bs = batch_size
        self.sampler = sampler
        self.drop_last = drop_last
        self.nw = num_workers
        self.collate = collate_fn or default_collate

    def _groups(self):
        pool = self.sampler if self.sampler is not None else range(len(self.dataset))
        cur = []
        for j in pool:
            cur += [j]
            if len(cur) == self.bs:
                yield cur
                cur = []
        if cur and not self.drop_last:
            yield cur

    def __iter__(self):
        torch.empty((), dtype=torch.int64).random_()  # same global-RNG draw torch makes per pass
        return self._serial() if self.nw == 0 else self._parallel()

    def _serial(self):
        for ids in self._groups():
            yield self.collate([self.dataset[j] for j in ids])

    def _parallel(self):
        ctx = mp.get_context("fork")
        inboxes, conns, procs = [], [], []
        for _ in range(self.nw):
            q = ctx.Queue()
            r, w = ctx.Pipe(duplex=False)
            p = ctx.Process(target=_work, args=(self.dataset, self.collate, q, w), daemon=True)
            p.start()
            w.close()
            inboxes.append(q); conns.append(r); procs.append(p)
        heap, open_conns = [], list(conns)
        try:
            groups = enumerate(self._groups())
            issued, nxt = 0, 0
            for k, ids in groups:  # prefetch two per worker
                inboxes[k % self.nw].put((k, ids))
                issued = k + 1
                if issued >= 2 * self.nw:
                    break
            while nxt < issued:
                while not heap or heap[0][0] != nxt:
                    ready = wait(open_conns, timeout=3.0)
                    if not ready and not all(p.is_alive() for p in procs):
                        raise RuntimeError("worker died")
                    for c in ready:
                        try:
                            k, out = c.recv()
                        except EOFError:
                            open_conns.remove(c)
                            continue
                        heapq.heappush(heap, (k, id(out), out))
                    if not open_conns:
                        raise RuntimeError("all workers exited")
                _, _, (tag, val) = heapq.heappop(heap)
                if tag == "err":
                    raise RuntimeError(f"batch {nxt} failed in a worker: {val}")
                more = next(groups, None)
                if more is not None:
                    inboxes[more[0] % self.nw].put(more)
                    issued += 1
                nxt += 1
                yield val
        finally:
            for q in inboxes:
                q.put(None)
            for p in procs:
                p.join(0.5)
                if p.is_alive():
                    p.terminate()
                    p.join()
            for q in inboxes:
                q.cancel_join_thread()
                q.close()
            for c in conns:
                c.close()
