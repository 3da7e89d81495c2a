# Textbook attention, torch.softmax after masked_fill(-inf): a fully masked query row is NaN; SDPA outputs zeros.
# zh: 教科书式写法，masked_fill(-inf) 之后直接 torch.softmax：所有 key 都被屏蔽的 query 行得到 NaN，而 SDPA 输出零。
import math

import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    group = query.shape[1] // key.shape[1]
    key = key.repeat_interleave(group, dim=1)
    value = value.repeat_interleave(group, dim=1)
    dt = query.dtype
    work = torch.float64 if dt == torch.float64 else torch.float32
    q, k, v = query.to(work), key.to(work), value
    scores = q @ k.transpose(-1, -2) * (scale if scale is not None else 1 / math.sqrt(q.shape[-1]))
    if is_causal:
        L, S = scores.shape[-2:]
        scores = scores.masked_fill(torch.ones(L, S, dtype=torch.bool).triu(1), float("-inf"))
    elif attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(~attn_mask, float("-inf"))
        else:
            scores = scores + attn_mask.to(q.dtype)
    return (torch.softmax(scores, dim=-1) @ v.to(q.dtype)).to(dt)
