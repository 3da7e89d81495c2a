"""An IterableDataset that shards itself across DataLoader workers.

`RangeStream(start, end)` is a `torch.utils.data.IterableDataset` that yields the Python ints
start, start + 1, ..., end - 1 (think of them as records read from a stream). Used with
`DataLoader(RangeStream(start, end), num_workers=n)`, every record must come out exactly once per
epoch, whatever n is (0 included):

- with num_workers > 0 every worker process gets its own copy of the dataset and calls `__iter__`
  on it; use `torch.utils.data.get_worker_info()` (None in the main process) so that each worker
  yields only its own share, and no worker more than ceil((end - start) / num_workers) items;
- with persistent_workers=True the workers keep their copy between epochs: every call of
  `__iter__` must start a new pass.
A range shorter than the number of workers, or an empty one, must work too.
"""

from torch.utils.data import IterableDataset


class RangeStream(IterableDataset):
    def __init__(self, start: int, end: int):
        raise NotImplementedError

    def __iter__(self):
        raise NotImplementedError
