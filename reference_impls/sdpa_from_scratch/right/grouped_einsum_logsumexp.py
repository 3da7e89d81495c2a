# Never repeats key/value: folds query heads into (Hkv, group), normalises with logsumexp, zeroes keyless rows.
import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    B, Hq, L, E = query.shape
    Hkv, S = key.shape[1], key.shape[2]
    G = Hq // Hkv
    dt = torch.float64 if query.dtype == torch.float64 else torch.float32
    q = query.to(dt).reshape(B, Hkv, G, L, E)
    s = torch.einsum("bhgle,bhse->bhgls", q, key.to(dt))
    s = s * (E ** -0.5 if scale is None else scale)
    s = s.reshape(B, Hq, L, S)
    if is_causal:
        s = s + torch.full((L, S), float("-inf"), dtype=dt).triu(1)
    elif attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            s = s.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            s = s + attn_mask.to(dt)
    lse = torch.logsumexp(s, dim=-1, keepdim=True)
    p = torch.exp(s - lse)
    p = torch.where(torch.isneginf(lse), torch.zeros_like(p), p)
    o = torch.einsum("bhgls,bhsv->bhglv", p.reshape(B, Hkv, G, L, S), value.to(dt))
    return o.reshape(B, Hq, L, value.shape[-1]).to(query.dtype)
