# Pre-allocates the padded buffer with torch.full(...) default dtype float32: int64 token ids come back as floats
# zh: 用 torch.full 默认的 float32 预分配缓冲区：int64 的 token id 变成了浮点数。
import torch


def pad_collate(batch, padding_value=0.0):
    seqs = [s for s, _ in batch]
    lengths = torch.tensor([s.shape[0] for s in seqs], dtype=torch.int64)
    L = int(lengths.max()) if len(seqs) else 0
    feat = tuple(seqs[0].shape[1:])
    padded = torch.full((len(seqs), L, *feat), padding_value)
    for i, s in enumerate(seqs):
        padded[i, : s.shape[0]] = s
    mask = torch.arange(L)[None, :] < lengths[:, None]
    labels = torch.tensor([y for _, y in batch], dtype=torch.int64)
    return {"padded": padded, "lengths": lengths, "mask": mask, "labels": labels}
