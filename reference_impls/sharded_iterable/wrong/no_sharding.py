# Ignores get_worker_info: every worker yields the whole range, so with num_workers=n each item comes out n times
# zh: 忽略 get_worker_info：每个 worker 都产出整个区间，每个元素重复 num_workers 次。
from torch.utils.data import IterableDataset


class RangeStream(IterableDataset):
    def __init__(self, start, end):
        self.start, self.end = start, end

    def __iter__(self):
        return iter(range(self.start, self.end))
