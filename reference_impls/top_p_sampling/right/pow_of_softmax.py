# applies the temperature after a T=1 softmax as p**(1/T) (renormalised, computed in log space), then keeps ties via a threshold probability
import torch


def solve(logits, top_p, temperature, seed):
    lp = torch.log_softmax(logits.to(torch.float64), dim=-1)      # log p at T = 1
    lq = lp / temperature                                          # log p**(1/T)
    q = torch.exp(lq - torch.logsumexp(lq, dim=-1, keepdim=True))  # = softmax(logits / T)
    if top_p < 1:
        s, _ = q.sort(dim=-1, descending=True)
        excl = s.cumsum(-1) - s
        last_kept = s.masked_fill(excl >= top_p, float("inf")).min(dim=-1, keepdim=True).values
        q = torch.where(q >= last_kept, q, q.new_zeros(()))
    q = q / q.sum(dim=-1, keepdim=True)
    g = torch.Generator().manual_seed(seed)
    return q, torch.multinomial(q.contiguous(), 1, generator=g).view(-1)
