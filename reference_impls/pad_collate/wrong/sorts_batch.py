# Sorts the batch by length, longest first (pack_padded_sequence habit): rows no longer in sample order, and the caller's list is reordered in place
# zh: 按长度从长到短排序批次：行不再按样本顺序，调用方的列表也被就地重排。
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    batch.sort(key=lambda p: p[0].shape[0], reverse=True)
    seqs = [s for s, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    mask = torch.arange(padded.shape[1])[None, :] < lengths[:, None]
    labels = torch.tensor([y for _, y in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
