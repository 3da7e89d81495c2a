# Builds the mask from the padded shape only, so padding positions count as real.
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [seq for seq, _ in batch]
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    return {"padded": padded, "lengths": torch.tensor([len(s) for s in seqs], dtype=torch.int64),
            "mask": torch.ones(padded.shape[:2], dtype=torch.bool),
            "labels": torch.tensor([label for _, label in batch], dtype=torch.int64)}
