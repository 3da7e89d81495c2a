import torch
from torch.nn.utils.rnn import pad_sequence


def pad_collate(batch, padding_value=0.0):
    seqs = [seq for seq, _ in batch]
    lengths = torch.tensor([len(seq) for seq in seqs], dtype=torch.int64)
    padded = pad_sequence(seqs, batch_first=True, padding_value=padding_value)
    # Position j of row i is real when j < length i: a broadcast comparison builds the whole mask.
    mask = torch.arange(padded.shape[1]) < lengths[:, None]
    labels = torch.tensor([label for _, label in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
