# Pads every batch to a fixed 32 positions instead of the longest sequence in the batch.
# zh: 每个 batch 都补齐到固定的 32 个位置，而不是 batch 中最长序列的长度。
import torch

MAX_LEN = 32


def pad_collate(batch, padding_value=0.0):
    seqs = [seq for seq, _ in batch]
    padded = torch.full((len(seqs), MAX_LEN, *seqs[0].shape[1:]), padding_value, dtype=seqs[0].dtype)
    for i, seq in enumerate(seqs):
        padded[i, :len(seq)] = seq
    lengths = torch.tensor([len(seq) for seq in seqs], dtype=torch.int64)
    mask = torch.arange(MAX_LEN) < lengths[:, None]
    return {"padded": padded, "lengths": lengths, "mask": mask,
            "labels": torch.tensor([label for _, label in batch], dtype=torch.int64)}
