"""Multi-head attention from scratch.

Implement `solve(query, key, value, attn_mask=None, is_causal=False, scale=None)` returning what
`F.scaled_dot_product_attention(query, key, value, attn_mask=attn_mask, is_causal=is_causal,
scale=scale, enable_gqa=True)` returns, without calling it (see the prompt for the full contract).

query (B, Hq, L, E); key (B, Hkv, S, E); value (B, Hkv, S, Ev); Hq is a multiple of Hkv and query
head h uses key/value head h // (Hq // Hkv). Output (B, Hq, L, Ev), query's dtype.
attn_mask: None, bool (True = may attend) or float (added to the scores, may hold -inf) of
query's dtype, broadcastable to (B, Hq, L, S). is_causal: query i sees keys 0..i (top-left
aligned), never given together with a mask. scale: None means 1/sqrt(E). A query row whose keys
are all masked out outputs zeros. float16/bfloat16: compute in float32, round once at the end.
"""

import torch


def solve(query: torch.Tensor, key: torch.Tensor, value: torch.Tensor, attn_mask: torch.Tensor | None = None,
          is_causal: bool = False, scale: float | None = None) -> torch.Tensor:
    raise NotImplementedError
