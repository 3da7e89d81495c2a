# seeds the global RNG with torch.manual_seed instead of creating a Generator (same draws, but clobbers/consumes global RNG state)
# zh: 用 torch.manual_seed 设置全局随机数生成器而不是新建 Generator（抽样相同，但破坏并消耗了全局随机状态）
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    torch.manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True)
    mask = torch.bernoulli(p_keep)
    return idx, mask
