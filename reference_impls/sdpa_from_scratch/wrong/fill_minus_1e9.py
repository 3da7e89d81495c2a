# Masks with -1e9 instead of -inf: a fully masked row averages all values instead of giving zeros.
# zh: 用 -1e9 而不是 -inf 做屏蔽：全部被屏蔽的行对所有 value 取平均，而不是输出零。
import math
import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    E = query.size(-1)
    Hq, Hkv = query.size(1), key.size(1)
    cdt = torch.float64 if query.dtype == torch.float64 else torch.float32
    scale = 1.0 / math.sqrt(E) if scale is None else scale
    q = query.to(cdt)
    k = key.to(cdt).repeat_interleave(Hq // Hkv, dim=1)
    v = value.to(cdt).repeat_interleave(Hq // Hkv, dim=1)
    s = (q @ k.transpose(-2, -1)) * scale
    L, S = s.shape[-2:]
    if is_causal:
        s = s.masked_fill(~torch.ones(L, S, dtype=torch.bool).tril(), -1e9)
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            s = s.masked_fill(~attn_mask, -1e9)
        else:
            s = s + attn_mask.to(cdt)
    m = s.amax(dim=-1, keepdim=True)
    m = torch.where(torch.isneginf(m), torch.zeros_like(m), m)
    p = torch.exp(s - m)
    den = p.sum(dim=-1, keepdim=True)
    p = torch.where(den > 0, p / den, torch.zeros_like(p))
    return (p @ v).to(query.dtype)
