# copies with clone() but never detaches: own memory, probs untouched, but the result has autograd history
# zh: 用 clone() 复制却从不 detach：内存独立、probs 不变，但结果带有 autograd 历史。
import torch


def solve(probs):
    p = probs.clone()
    p.clamp_(min=1e-6)
    p.log_()
    p.neg_()
    return p
