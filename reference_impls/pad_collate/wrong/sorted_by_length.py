# Sorts the batch longest first, as pack_padded_sequence wants, which reorders the samples against their labels' order.
import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    batch = sorted(batch, key=lambda item: len(item[0]), reverse=True)
    seqs = [s for s, _ in batch]
    lengths = torch.tensor([len(s) for s in seqs])
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    mask = torch.arange(padded.shape[1]) < lengths[:, None]
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": torch.tensor([y for _, y in batch])}
