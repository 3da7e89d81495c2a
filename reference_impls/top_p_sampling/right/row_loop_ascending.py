# Row by row, sorted ascending: the mass above a position is the total minus the inclusive cumsum; ties kept by value.
import torch


def solve(logits, top_p, temperature, seed):
    gen = torch.Generator().manual_seed(seed)
    rows, toks = [], []
    for row in logits.to(torch.float64).unbind(0):
        p = torch.log_softmax(row / temperature, dim=0).exp()
        sp = torch.sort(p).values  # ascending
        # mass strictly above position i (ascending) = total - inclusive cumsum
        above = p.sum() - torch.cumsum(sp, 0)
        t = sp[above < top_p].min()  # the least probable value that still has < top_p above it
        f = torch.where(p >= t, p, torch.zeros_like(p))
        f = f / f.sum()
        rows.append(f)
        toks.append(torch.multinomial(f, 1, generator=gen)[0])
    return torch.stack(rows), torch.stack(toks)
