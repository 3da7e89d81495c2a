# finds the cut in logit space (sorted logits, tie = equal scaled logit) and renormalises by a second softmax over the masked logits
import torch


def solve(logits, top_p, temperature, seed):
    z = logits.to(dtype=torch.float64, copy=True).div_(temperature)
    zs, _ = z.sort(dim=-1, descending=True)
    ps = torch.softmax(zs, dim=-1)                      # probabilities in sorted order
    excl = ps.cumsum(-1) - ps
    if top_p >= 1:
        cut = zs[..., -1:]
    else:
        n_keep = (excl < top_p).sum(-1, keepdim=True)  # prefix length, >= 1
        cut = zs.gather(-1, n_keep - 1)
    masked = z.masked_fill(z < cut, float("-inf"))
    probs = torch.softmax(masked, dim=-1)
    tokens = torch.multinomial(probs.contiguous(), num_samples=1,
                               generator=torch.Generator().manual_seed(seed)).select(-1, 0)
    return probs, tokens
