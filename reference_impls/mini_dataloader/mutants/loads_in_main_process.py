# Ignores num_workers: every batch is loaded in the calling process.
from torch.utils.data import default_collate


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
        for indices in self._index_batches():
            yield self.collate_fn([self.dataset[i] for i in indices])
