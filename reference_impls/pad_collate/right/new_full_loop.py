# Pads by hand: new_full on the first sequence keeps the dtype, and each row is filled with a slice assignment.
import torch


def pad_collate(batch, padding_value=0.0):
    seqs, labels = zip(*batch, strict=True)
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    longest = int(lengths.max())
    padded = seqs[0].new_full((len(seqs), longest, *seqs[0].shape[1:]), padding_value)
    mask = torch.zeros(len(seqs), longest, dtype=torch.bool)
    for i, s in enumerate(seqs):
        padded[i, : len(s)] = s
        mask[i, : len(s)] = True
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": torch.tensor(labels, dtype=torch.int64)}
