# Draws each row with a fresh generator seeded with seed: every row restarts the same stream.
# zh: 每一行都用一个新建的、以 seed 为种子的 generator 抽样：每行都从同一个随机流重新开始。
import torch


def solve(logits, top_p, temperature, seed):
    probs = torch.softmax(logits.double() / temperature, -1)
    out = torch.zeros_like(probs)
    tokens = []
    for i in range(probs.shape[0]):
        p = probs[i]
        sp, _ = torch.sort(p, descending=True)
        cut = sp[int(((torch.cumsum(sp, 0) - sp) < top_p).sum()) - 1]
        row = torch.where(p >= cut, p, 0.0)
        out[i] = row / row.sum()
        tokens.append(torch.multinomial(out[i], 1, generator=torch.Generator().manual_seed(seed))[0])
    return out, torch.stack(tokens)
