# FlashAttention-style: keys in blocks of 2 with a running max and running sum (online softmax), per query head.
import math

import torch


def solve(query, key, value, attn_mask=None, is_causal=False, scale=None):
    B, Hq, L, E = query.shape
    Hkv, S, Ev = key.shape[1], key.shape[2], value.shape[3]
    acc_dt = torch.float64 if query.dtype == torch.float64 else torch.float32
    sc = 1 / math.sqrt(E) if scale is None else float(scale)
    bias = torch.zeros(B, Hq, L, S, dtype=acc_dt)
    if is_causal:
        i = torch.arange(L).unsqueeze(1)
        j = torch.arange(S).unsqueeze(0)
        bias = bias.masked_fill(j > i, float("-inf"))
    elif attn_mask is not None:
        m = attn_mask.expand(B, Hq, L, S)
        bias = bias.masked_fill(~m, float("-inf")) if m.dtype == torch.bool else bias + m.to(acc_dt)
    out = torch.zeros(B, Hq, L, Ev, dtype=acc_dt)
    for h in range(Hq):
        kv = h * Hkv // Hq  # == h // (Hq // Hkv) since Hkv divides Hq
        q = query[:, h].to(acc_dt)
        run_max = torch.full((B, L, 1), float("-inf"), dtype=acc_dt)
        run_sum = torch.zeros(B, L, 1, dtype=acc_dt)
        acc = torch.zeros(B, L, Ev, dtype=acc_dt)
        for s0 in range(0, S, 2):
            k = key[:, kv, s0:s0 + 2].to(acc_dt)
            v = value[:, kv, s0:s0 + 2].to(acc_dt)
            s = torch.einsum("ble,bse->bls", q, k) * sc + bias[:, h, :, s0:s0 + 2]
            new_max = torch.maximum(run_max, s.amax(-1, keepdim=True))
            safe = torch.where(new_max == float("-inf"), 0.0, new_max)
            corr = torch.exp(run_max - safe)
            w = torch.exp(s - safe)
            run_sum = run_sum * corr + w.sum(-1, keepdim=True)
            acc = acc * corr + torch.einsum("bls,bse->ble", w, v)
            run_max = new_max
        out[:, h] = torch.where(run_sum > 0, acc / run_sum.clamp_min(1e-300), 0.0)
    return out.to(query.dtype)
