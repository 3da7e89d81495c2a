# passes the generator to multinomial but forgets it in bernoulli (mask drawn from the global RNG)
# zh: multinomial 传了 generator，bernoulli 却忘了传（mask 来自全局随机数生成器）
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=g)
    mask = torch.bernoulli(p_keep)
    return idx, mask
