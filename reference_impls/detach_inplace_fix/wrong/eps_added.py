# adds eps instead of clamping: -log(p + 1e-6) differs from -log(max(p, 1e-6)) for every small p
# zh: 加上 eps 而不是截断：-log(p + 1e-6) 对每个很小的 p 都与 -log(max(p, 1e-6)) 不同。
import torch


def solve(probs):
    return -torch.log(probs.detach() + 1e-6)
