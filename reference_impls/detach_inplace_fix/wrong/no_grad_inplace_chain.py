# wraps the original in-place chain in torch.no_grad(): no history on the result, but probs itself is overwritten
# zh: 把原来的原地操作链包在 torch.no_grad() 里：结果没有历史，但 probs 本身被改写了。
import torch


def solve(probs):
    with torch.no_grad():
        return probs.clamp_(min=1e-6).log_().neg_()
