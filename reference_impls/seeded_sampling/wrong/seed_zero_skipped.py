# Seeds the generator only if seed is truthy: seed 0 leaves it at a fresh Generator's default seed, so every draw differs.
# zh: 只在 seed 为真值时才设种子：seed 为 0 时生成器保持默认种子，所有采样都不同。
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator()
    if seed:
        g.manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=g)
    mask = torch.bernoulli(p_keep, generator=g)
    return idx, mask
