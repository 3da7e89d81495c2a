# Lengths taken as seq.numel() (tokens-only habit): with a feature dim the lengths (and mask) are multiplied by the feature size
# zh: 长度取 seq.numel()：有特征维时长度（和 mask）被乘上了特征大小。
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    lengths = torch.tensor([s.numel() for s in seqs], dtype=torch.int64)
    mask = torch.arange(padded.shape[1])[None, :] < lengths[:, None]
    labels = torch.tensor([y for _, y in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
