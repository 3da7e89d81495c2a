# Seeds the global RNG with torch.manual_seed(seed): the same stream, but it reseeds everyone else's randomness too.
# zh: 用 torch.manual_seed(seed) 设置全局随机数生成器：随机序列一样，但别人依赖的随机状态也被重置了。
import torch


def solve(weights, p_keep, num_samples, seed):
    torch.manual_seed(seed)
    idx = torch.multinomial(weights, num_samples, replacement=True)
    mask = torch.bernoulli(p_keep)
    return idx, mask
