# pads into a float64 buffer "to be safe" and casts back to the input dtype: int64 ids above 2**53 lose precision
# zh: 先在 float64 缓冲区里填充再转回原 dtype：大于 2**53 的 int64 id 会丢失精度。
import torch


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    dtype = seqs[0].dtype
    feat = tuple(seqs[0].shape[1:])
    L = max(s.shape[0] for s in seqs)
    buf = torch.full((len(seqs), L) + feat, float(padding_value), dtype=torch.float64)
    for i, s in enumerate(seqs):
        buf[i, : s.shape[0]] = s.to(torch.float64)
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    mask = torch.arange(L).unsqueeze(0) < lengths.unsqueeze(1)
    labels = torch.tensor([int(l) for _, l in batch], dtype=torch.int64)
    return {"padded": buf.to(dtype), "lengths": lengths, "mask": mask, "labels": labels}
