# numpy habit: p = probs.detach()[:] is a view, not a copy; in-place clamp/log/neg still write into probs
# zh: numpy 习惯：p = probs.detach()[:] 是视图而不是副本；原地的 clamp/log/neg 仍然写进 probs。
import torch


def solve(probs):
    p = probs.detach()[:]
    p.clamp_(min=1e-6).log_().neg_()
    return p
