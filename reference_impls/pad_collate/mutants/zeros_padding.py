# Pads with zeros whatever padding_value says.
# zh: 不管 padding_value 是多少，都用零填充。
import torch


def pad_collate(batch, padding_value=0.0):
    seqs = [seq for seq, _ in batch]
    longest = max(len(seq) for seq in seqs)
    padded = torch.zeros((len(seqs), longest, *seqs[0].shape[1:]), dtype=seqs[0].dtype)
    for i, seq in enumerate(seqs):
        padded[i, :len(seq)] = seq
    lengths = torch.tensor([len(seq) for seq in seqs], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": torch.arange(longest) < lengths[:, None],
            "labels": torch.tensor([label for _, label in batch], dtype=torch.int64)}
