# Adds whatever mask it gets to the scores: a boolean mask becomes +1 on the kept keys and masks nothing.
# zh: 不论掩码是什么类型都加到分数上：布尔掩码变成给保留的 key 加 1，什么也没有屏蔽。
import math

import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    group = query.shape[1] // key.shape[1]
    work = torch.float64 if query.dtype == torch.float64 else torch.float32
    q = query.to(work)
    k = key.repeat_interleave(group, dim=1).to(work)
    v = value.repeat_interleave(group, dim=1).to(work)
    L, S = q.shape[-2], k.shape[-2]
    scores = q @ k.transpose(-1, -2) * (1 / math.sqrt(q.shape[-1]) if scale is None else scale)
    if is_causal:
        scores = scores.masked_fill(~torch.ones(L, S, dtype=torch.bool).tril(), float("-inf"))
    if attn_mask is not None:
        scores = scores + attn_mask.to(work)
    p = torch.softmax(scores, dim=-1).nan_to_num(0.0)
    return (p @ v).to(query.dtype)
