# Recovers lengths by counting non-padding values: wrong as soon as a real token equals the pad value.
# zh: 靠统计非填充值来推算长度：一旦真实 token 恰好等于填充值就错了。
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [seq for seq, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    real = padded != padding_value
    if real.dim() > 2:
        real = real.flatten(2).any(-1)
    lengths = real.sum(1)
    return {"padded": padded, "lengths": lengths, "mask": torch.arange(padded.shape[1]) < lengths[:, None],
            "labels": torch.tensor([label for _, label in batch], dtype=torch.int64)}
