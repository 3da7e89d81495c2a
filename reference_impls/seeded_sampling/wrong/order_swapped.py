# draws the mask before the indices
# zh: 先抽 mask 再抽下标
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    mask = torch.bernoulli(p_keep, generator=g)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=g)
    return idx, mask
