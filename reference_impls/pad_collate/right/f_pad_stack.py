# Pads every sequence on its own with F.pad along the first dim, then stacks; the mask comes from lengths.
import torch
from torch.nn import functional as F


def _pad_to(seq, length, value):
    # F.pad lists pads from the last dim backwards: (0, 0) per feature dim, then (0, missing) for dim 0.
    return F.pad(seq, (0, 0) * (seq.dim() - 1) + (0, length - seq.shape[0]), value=value)


def pad_collate(batch, padding_value=0.0):
    lengths = torch.tensor([len(seq) for seq, _ in batch], dtype=torch.int64)
    longest = int(lengths.max())
    padded = torch.stack([_pad_to(seq, longest, padding_value) for seq, _ in batch])
    mask = torch.arange(longest).expand(len(batch), longest) < lengths.unsqueeze(1)
    labels = torch.tensor([label for _, label in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
