# Pads each row with F.pad on a flattened feature view, then reshapes: reshape(0, -1) raises on a length-0 sequence with feature dims, which the prompt allows
# zh: 用 F.pad 在展平的特征视图上填充再 reshape：长度为 0 且带特征维的序列上 reshape(0, -1) 报错。
import torch
import torch.nn.functional as F


def pad_collate(batch, padding_value=0.0):
    seqs, labels = zip(*batch)
    L = max((s.shape[0] for s in seqs), default=0)
    feat = seqs[0].shape[1:]
    rows = []
    for s in seqs:
        flat = s.reshape(s.shape[0], -1) if feat else s.reshape(s.shape[0], 1)
        p = F.pad(flat.T, (0, L - s.shape[0]), value=padding_value).T if s.dtype.is_floating_point else torch.cat([flat, flat.new_full((L - s.shape[0], flat.shape[1]), int(padding_value))])
        rows.append(p.reshape(L, *feat))
    padded = torch.stack(rows)
    lengths = torch.tensor([s.shape[0] for s in seqs]).long()
    mask = torch.ones(len(seqs), L, dtype=torch.long).cumsum(1) <= lengths[:, None]
    return {"labels": torch.tensor(labels).long(), "mask": mask, "lengths": lengths, "padded": padded}
