# Seeds a fresh generator for each draw: the mask reuses the random numbers the indices consumed.
# zh: 每次采样都新建一个同样播种的 generator：掩码重复使用了采下标时已经消耗掉的随机数。
import torch


def solve(weights, p_keep, num_samples, seed):
    idx = torch.multinomial(weights, num_samples, replacement=True, generator=torch.Generator().manual_seed(seed))
    mask = torch.bernoulli(p_keep, generator=torch.Generator().manual_seed(seed))
    return idx, mask
