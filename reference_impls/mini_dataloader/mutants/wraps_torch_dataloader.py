# Hands everything to torch's own DataLoader: right batches, but nothing written from scratch (the forbid rule).
# zh: 全部交给 torch 自带的 DataLoader：batch 是对的，但没有任何一部分是自己从头写的（违反 forbid 规则）。
from torch.utils.data import DataLoader


class MiniLoader:
    def __init__(self, dataset, batch_size=1, sampler=None, drop_last=False, num_workers=0, collate_fn=None):
        self.loader = DataLoader(dataset, batch_size=batch_size, sampler=sampler, drop_last=drop_last,
                                 num_workers=num_workers, collate_fn=collate_fn)

    def __iter__(self):
        return iter(self.loader)
