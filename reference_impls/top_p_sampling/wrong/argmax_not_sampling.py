# Returns the most probable kept token (argmax) instead of drawing one with torch.multinomial.
# zh: 返回保留下来的最可能的 token（argmax），而不是用 torch.multinomial 抽样。
import torch


def solve(logits, top_p, temperature, seed):
    x = logits.to(torch.float64) / temperature
    p = torch.softmax(x, dim=-1)
    sp, idx = torch.sort(p, dim=-1, descending=True)
    excl = torch.cumsum(sp, dim=-1) - sp
    n_keep = (excl < top_p).sum(dim=-1, keepdim=True).clamp(min=1)
    cut = sp.gather(-1, n_keep - 1)
    probs = torch.where(p >= cut, p, torch.zeros_like(p))
    probs = probs / probs.sum(dim=-1, keepdim=True)
    gen = torch.Generator().manual_seed(seed)
    tokens = probs.argmax(dim=-1)
    return probs, tokens
