# Seeds numpy's global RNG as well "for reproducibility": the torch draws are right, but every numpy user's stream in the caller is reseeded.
# zh: 为了“可复现”顺手调用 np.random.seed：torch 的抽样没错，但调用方所有依赖 numpy 全局随机数的代码都被重置了。
import numpy as np
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    np.random.seed(seed % 2**32)
    gen = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=gen)
    mask = torch.bernoulli(p_keep, generator=gen)
    return idx, mask
