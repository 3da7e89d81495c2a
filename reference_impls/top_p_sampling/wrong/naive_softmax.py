# Softmax as exp(x) / sum(exp(x)) without subtracting the max: logits near 1000 overflow to inf and give NaN.
# zh: softmax 写成 exp(x) / sum(exp(x))，没有减去最大值：logits 接近 1000 时溢出为 inf，得到 NaN。
import torch


def solve(logits, top_p, temperature, seed):
    e = torch.exp(logits.double() / temperature)
    probs = e / e.sum(-1, keepdim=True)
    sp, _ = probs.sort(-1, descending=True)
    excl = sp.cumsum(-1) - sp
    last = sp.gather(-1, (excl < top_p).sum(-1, keepdim=True) - 1)
    f = probs * (probs >= last)
    f = f / f.sum(-1, keepdim=True)
    return f, torch.multinomial(f, 1, generator=torch.Generator().manual_seed(seed)).squeeze(1)
