# Draws from column-major probabilities (from transposed logits): multinomial draws in memory order.
# zh: 直接在计算得到的布局上抽样：由转置的 logits 得到的概率是列优先的，而 multinomial 按内存顺序抽取随机数。
import torch


def solve(logits, top_p, temperature, seed):
    z = logits.to(torch.float64) / temperature
    z = z - z.max(dim=-1, keepdim=True).values
    w = z.exp()
    p = w / w.sum(-1, keepdim=True)
    more = (p.unsqueeze(1) > p.unsqueeze(2)).to(p.dtype)  # [b, j, k] = p[k] > p[j]
    mass = (more * p.unsqueeze(1)).sum(-1)
    keep = p * (mass < top_p)
    keep = keep / keep.sum(-1, keepdim=True)
    g = torch.Generator()
    g.manual_seed(seed)
    return keep, torch.multinomial(keep, 1, False, generator=g).view(-1)
