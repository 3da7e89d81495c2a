import torch


def solve(logits, top_p, temperature, seed):
    # every step in float64, whatever the logits' dtype
    probs = torch.softmax(logits.to(torch.float64) / temperature, dim=-1)
    sorted_p, _ = torch.sort(probs, dim=-1, descending=True)
    # mass of the tokens before each sorted position; a tie group's first member sees only the mass
    # strictly above the group, so it decides for the whole group
    before = torch.cumsum(sorted_p, dim=-1) - sorted_p
    kept = (before < top_p).sum(dim=-1, keepdim=True)  # >= 1: the first position has nothing before it
    smallest = sorted_p.gather(-1, kept - 1)
    # keep by value, not by position: a token tied with the last kept one stays as well
    filtered = torch.where(probs >= smallest, probs, torch.zeros_like(probs))
    # row-major: multinomial draws its random numbers in memory order, and transposed logits
    # would leave the probabilities column-major
    filtered = (filtered / filtered.sum(dim=-1, keepdim=True)).contiguous()
    gen = torch.Generator().manual_seed(seed)
    tokens = torch.multinomial(filtered, num_samples=1, generator=gen)[:, 0]
    return filtered, tokens
