# Mask built with <= instead of <: marks the first padding slot as real (and length-0 rows get one True)
# zh: mask 用 <= 而不是 <：第一个 padding 位置被标成真实位置（长度为 0 的行也有一个 True）。
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    lengths = torch.tensor([len(s) for s in seqs], dtype=torch.int64)
    L = padded.shape[1]
    mask = (torch.arange(L).unsqueeze(0) <= lengths.unsqueeze(1) - 1) | (torch.arange(L).unsqueeze(0) == lengths.unsqueeze(1))
    mask = mask[:, :L]
    labels = torch.tensor([y for _, y in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
