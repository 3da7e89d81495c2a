import math

import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    hq, L, E = query.shape[-3:]
    hkv, S = key.shape[-3], key.shape[-2]
    if hkv != hq:
        # grouped-query attention: query head h reads key/value head h // (hq // hkv)
        key = key.repeat_interleave(hq // hkv, dim=-3)
        value = value.repeat_interleave(hq // hkv, dim=-3)
    # half precision: scores and softmax in float32, one rounding at the end
    work = torch.float32 if query.dtype in (torch.float16, torch.bfloat16) else query.dtype
    q, k, v = query.to(work), key.to(work), value.to(work)
    s = 1.0 / math.sqrt(E) if scale is None else scale
    scores = (q @ k.transpose(-2, -1)) * s
    allowed = None
    if is_causal:  # top-left aligned: query i sees keys 0..i
        allowed = torch.ones(L, S, dtype=torch.bool).tril()
    elif attn_mask is not None and attn_mask.dtype == torch.bool:
        allowed = attn_mask
    elif attn_mask is not None:
        scores = scores + attn_mask.to(work)
    if allowed is not None:
        scores = scores.masked_fill(~allowed, float("-inf"))
    # subtract the row max so exp never overflows; a row with every key masked has max -inf
    # (exp(-inf - -inf) is NaN), so it subtracts 0 instead and its weights are all 0
    row_max = scores.amax(dim=-1, keepdim=True)
    row_max = torch.where(torch.isinf(row_max), torch.zeros_like(row_max), row_max)
    p = torch.exp(scores - row_max)
    denom = p.sum(dim=-1, keepdim=True)
    p = p / torch.where(denom > 0, denom, torch.ones_like(denom))
    return (p @ v).to(query.dtype)
