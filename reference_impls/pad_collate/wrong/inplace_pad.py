# Pads each sequence with padding_value by writing into the caller's tensors' storage via resize_ + fill (mutates inputs)
# zh: 通过 resize_ 和 fill 写进调用方张量的存储来填充（修改了输入）。
import torch


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    L = int(lengths.max()) if len(seqs) else 0
    rows = []
    for s in seqs:
        n = s.shape[0]
        if n < L:
            pad = s.new_full((L - n, *s.shape[1:]), padding_value)
            s.data = torch.cat([s, pad])  # "pad in place" to save a copy
        rows.append(s)
    padded = torch.stack(rows)
    mask = torch.arange(L)[None, :] < lengths[:, None]
    labels = torch.tensor([y for _, y in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
