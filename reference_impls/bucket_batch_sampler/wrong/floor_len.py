# Reports len() as len(lengths) // batch_size, forgetting the shorter last batch.
# zh: len() 返回 len(lengths) // batch_size，漏算了较短的最后一个 batch。
import torch
from torch.utils.data import Sampler


class BucketBatchSampler(Sampler[list[int]]):
    def __init__(self, lengths, batch_size, seed):
        self.lengths, self.batch_size, self.seed = list(lengths), batch_size, seed

    def __iter__(self):
        g = torch.Generator().manual_seed(self.seed)
        order = sorted(range(len(self.lengths)), key=self.lengths.__getitem__)
        batches = [order[i:i + self.batch_size] for i in range(0, len(order), self.batch_size)]
        for j in torch.randperm(len(batches), generator=g).tolist():
            yield batches[j]

    def __len__(self):
        return len(self.lengths) // self.batch_size
