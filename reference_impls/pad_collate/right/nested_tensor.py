# Uses torch.nested: builds a jagged nested tensor and converts it with to_padded_tensor
import torch


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    L = int(lengths.max().item()) if len(seqs) else 0
    if L == 0:
        padded = torch.empty((len(seqs), 0, *seqs[0].shape[1:]), dtype=seqs[0].dtype)
    else:
        nt = torch.nested.nested_tensor([s.clone() for s in seqs])
        padded = torch.nested.to_padded_tensor(nt, padding_value, output_size=(len(seqs), L, *seqs[0].shape[1:]))
    mask = torch.arange(L).expand(len(seqs), L) < lengths.unsqueeze(-1)
    labels = torch.as_tensor([int(y) for _, y in batch], dtype=torch.long)
    return dict(padded=padded, lengths=lengths, mask=mask, labels=labels)
