# Allocates the padded tensor with torch.full(..., padding_value), whose dtype follows padding_value, not the sequences.
# zh: 用 torch.full(..., padding_value) 分配补齐后的张量，其 dtype 跟随 padding_value，而不是跟随序列。
import torch


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    lengths = torch.tensor([len(s) for s in seqs])
    longest = int(lengths.max()) if len(seqs) else 0
    padded = torch.full((len(seqs), longest, *seqs[0].shape[1:]), padding_value)
    for i, s in enumerate(seqs):
        padded[i, :len(s)] = s
    mask = torch.arange(longest)[None] < lengths[:, None]
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": torch.tensor([y for _, y in batch])}
