# "copy" via .contiguous(): it returns the same tensor when probs is already contiguous, so the in-place ops still corrupt probs
# zh: 用 .contiguous() 当作复制：probs 已经连续时它返回同一个张量，原地操作仍然破坏 probs。
import torch


def solve(probs):
    p = probs.detach().contiguous()
    p.clamp_(min=1e-6)
    p.log_()
    p.neg_()
    return p
