# relies on multinomial's default replacement=False
# zh: 依赖 multinomial 的默认值 replacement=False
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, generator=g)
    mask = torch.bernoulli(p_keep, generator=g)
    return idx, mask
