# Mask derived from the padded values (!= padding_value) instead of from the lengths: a real 0 token reads as padding
# zh: mask 由补齐后的值（!= padding_value）推出而不是由长度推出：真实的 0 被当成 padding。
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    real = padded != padding_value
    if real.dim() > 2:
        real = real.flatten(2).any(-1)
    mask = real
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    labels = torch.tensor([int(y) for _, y in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
