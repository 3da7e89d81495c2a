# one freshly seeded generator per draw: mask re-uses the stream idx already consumed
# zh: 每次抽样都用一个新播种的生成器：mask 重复使用了 idx 已经消耗掉的随机流
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    g1 = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=g1)
    g2 = torch.Generator().manual_seed(seed)
    mask = torch.bernoulli(p_keep, generator=g2)
    return idx, mask
