# Guards only exact zeros with where(p > 0, ...), so a tiny but positive probability is not clamped at 1e-6.
# zh: 用 where(p > 0, ...) 只防住了恰好为零的概率，很小但为正的概率没有按 1e-6 截断。
import torch


def solve(probs):
    p = probs.detach()
    return -torch.where(p > 0, p, torch.full_like(p, 1e-6)).log()
