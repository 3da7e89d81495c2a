# The dataset is its own iterator with a cursor that is never rewound: a persistent worker's second epoch is empty.
# zh: 数据集本身就是迭代器，游标从不复位：persistent worker 的第二个 epoch 是空的。
from torch.utils.data import IterableDataset, get_worker_info


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end
        self.next_item = None

    def __iter__(self):
        if self.next_item is None:
            info = get_worker_info()
            self.step = 1 if info is None else info.num_workers
            self.next_item = self.start + (0 if info is None else info.id)
        return self

    def __next__(self):
        if self.next_item >= self.end:
            raise StopIteration
        self.next_item += self.step
        return self.next_item - self.step
