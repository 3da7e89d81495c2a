# mask as a comparison of uniforms with p_keep: same draws but bool dtype, not p_keep's dtype
# zh: mask 由均匀随机数与 p_keep 比较得到：抽样相同，但 dtype 是 bool 而不是 p_keep 的 dtype
import torch


def solve(weights: torch.Tensor, p_keep: torch.Tensor, num_samples: int, seed: int
          ) -> tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=g)
    mask = torch.rand(p_keep.shape, generator=g, dtype=p_keep.dtype) < p_keep
    return idx, mask
