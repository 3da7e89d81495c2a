# concatenates everything and scatters with one index_put_ at flat (row*L_max + t) positions; returns an OrderedDict subclass
from collections import OrderedDict
import torch


class Batch(OrderedDict):
    pass


def pad_collate(batch, padding_value=0.0):
    seqs, labels = zip(*batch)
    B = len(seqs)
    lengths = torch.as_tensor([s.size(0) for s in seqs]).long()
    L = int(lengths.max().item())
    feat = seqs[0].shape[1:]
    flat = torch.cat(seqs, dim=0)
    rows = torch.repeat_interleave(torch.arange(B), lengths)
    starts = torch.cumsum(lengths, 0) - lengths
    t = torch.arange(flat.shape[0]) - starts[rows]
    out = flat.new_full((B * L, *feat), padding_value)
    out.index_put_((rows * L + t,), flat)
    mask = torch.zeros(B * L, dtype=torch.bool)
    mask[rows * L + t] = True
    return Batch(
        labels=torch.LongTensor(list(map(int, labels))),
        mask=mask.view(B, L),
        lengths=lengths,
        padded=out.view(B, L, *feat),
    )
