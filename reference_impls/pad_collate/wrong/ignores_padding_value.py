# Padding_value accepted but never forwarded: pad_sequence pads with its default 0
# zh: 接收了 padding_value 却没有传下去：pad_sequence 用默认的 0 填充。
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    padded = pad_sequence(seqs, batch_first=True)
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    L = padded.shape[1]
    mask = torch.arange(L)[None, :] < lengths[:, None]
    labels = torch.tensor([int(y) for _, y in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
