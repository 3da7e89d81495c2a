# stabilises softmax with the max of the whole batch (x.max() without dim): a row far below the batch max underflows to 0/0 = NaN
# zh: softmax 减去整批的最大值（x.max() 不带 dim）：远低于整批最大值的一行下溢成 0/0 = NaN。
import torch


def solve(logits, top_p, temperature, seed):
    x = logits.to(torch.float64) / temperature
    e = torch.exp(x - x.max())
    probs = e / e.sum(dim=-1, keepdim=True)
    sp, idx = torch.sort(probs, dim=-1, descending=True)
    above = torch.cumsum(sp, dim=-1) - sp
    keep_sorted = above < top_p if top_p < 1 else torch.ones_like(sp, dtype=torch.bool)
    thresh = torch.where(keep_sorted, sp, torch.full_like(sp, float("inf"))).amin(dim=-1, keepdim=True)
    out = torch.where(probs >= thresh, probs, torch.zeros_like(probs))
    out = out / out.sum(dim=-1, keepdim=True)
    tokens = torch.multinomial(out.contiguous(), 1, generator=torch.Generator().manual_seed(seed))[:, 0]
    return out, tokens
