# Loops over the batch and torch.stack()s the per-sample outputs: raises for an empty batch (B = 0).
# zh: 按 batch 循环再用 torch.stack() 拼接每个样本的输出：batch 为空（B = 0）时报错。
import math
import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    B, Hq, L, E = query.shape
    Hkv, S = key.size(1), key.size(2)
    cdt = torch.float64 if query.dtype == torch.float64 else torch.float32
    scale = 1.0 / math.sqrt(E) if scale is None else scale
    bias = torch.zeros(B, Hq, L, S, dtype=cdt)
    if is_causal:
        bias = bias.masked_fill(~torch.ones(L, S, dtype=torch.bool).tril(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            bias = bias.masked_fill(~attn_mask, float("-inf"))
        else:
            bias = bias + attn_mask.to(cdt)
    outs = []
    for b in range(B):
        q = query[b].to(cdt)
        k = key[b].to(cdt).repeat_interleave(Hq // Hkv, dim=0)
        v = value[b].to(cdt).repeat_interleave(Hq // Hkv, dim=0)
        s = q @ k.transpose(-2, -1) * scale + bias[b]
        m = s.amax(dim=-1, keepdim=True)
        m = torch.where(torch.isneginf(m), torch.zeros_like(m), m)
        p = torch.exp(s - m)
        den = p.sum(dim=-1, keepdim=True)
        p = torch.where(den > 0, p / den, torch.zeros_like(p))
        outs.append(p @ v)
    return torch.stack(outs).to(query.dtype)
