# Builds the mask as padded != padding_value, so a real token equal to the pad value is marked as padding.
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    mask = padded != padding_value
    if mask.dim() > 2:
        mask = mask.any(dim=tuple(range(2, mask.dim())))
    lengths = torch.tensor([len(s) for s in seqs])
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": torch.tensor([y for _, y in batch])}
