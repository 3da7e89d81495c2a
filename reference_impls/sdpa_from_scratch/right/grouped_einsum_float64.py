# Computes every dtype in float64 (more than the float32 asked for half inputs), query regrouped as (B, Hkv, G, L, E) with einsum.
import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    B, Hq, L, E = query.shape
    Hkv, S = key.shape[1], key.shape[2]
    G = Hq // Hkv
    scale = E ** -0.5 if scale is None else float(scale)
    q = query.to(torch.float64).reshape(B, Hkv, G, L, E)     # head h -> (h // G, h % G)
    k = key.to(torch.float64)
    v = value.to(torch.float64)
    s = torch.einsum("bkgle,bkse->bkgls", q, k) * scale
    allowed = torch.ones(B, Hkv, G, L, S, dtype=torch.bool)
    if is_causal:
        allowed = allowed & torch.ones(L, S, dtype=torch.bool).tril()
    if attn_mask is not None:
        m = attn_mask.expand(B, Hq, L, S).reshape(B, Hkv, G, L, S)
        if m.dtype == torch.bool:
            allowed = allowed & m
        else:
            s = s + m.to(torch.float64)
    s = s.masked_fill(~allowed, float("-inf"))
    mx = s.amax(dim=-1, keepdim=True)
    mx = torch.where(torch.isfinite(mx), mx, torch.zeros_like(mx))
    p = torch.exp(s - mx)
    den = p.sum(dim=-1, keepdim=True)
    p = torch.where(den > 0, p / den, torch.zeros_like(p))
    o = torch.einsum("bkgls,bksv->bkglv", p, v)
    return o.reshape(B, Hq, L, value.shape[-1]).to(query.dtype)
