import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    gen = torch.Generator().manual_seed(seed)
    # multinomial normalises each row itself; zero-weight categories are never drawn.
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=gen)
    mask = torch.bernoulli(p_keep, generator=gen)  # continues from where multinomial left gen
    return idx, mask
