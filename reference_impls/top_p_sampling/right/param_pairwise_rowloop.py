# mass-above by an O(V^2) pairwise comparison matrix, probs via log_softmax().exp(), returned as an nn.Parameter; tokens drawn by a row loop sharing one generator
import torch


def solve(logits, top_p, temperature, seed):
    x = torch.as_tensor(logits).detach().double().div(temperature)
    p = torch.log_softmax(x, dim=-1).exp()
    bigger = p.unsqueeze(-2) > p.unsqueeze(-1)          # bigger[b, j, k] = p_k > p_j
    mass_above = (bigger.double() * p.unsqueeze(-2)).sum(-1)
    keep = mass_above < top_p if top_p < 1 else torch.ones_like(p, dtype=torch.bool)
    q = p.masked_fill(~keep, 0.0)
    q = q / q.sum(-1, keepdim=True)
    gen = torch.Generator()
    gen.manual_seed(seed)
    rows = q.contiguous()
    tokens = torch.empty(rows.shape[0], dtype=torch.int64)
    for i in range(rows.shape[0]):
        tokens[i] = torch.multinomial(rows[i], num_samples=1, generator=gen)[0]
    return torch.nn.Parameter(q, requires_grad=False), tokens
