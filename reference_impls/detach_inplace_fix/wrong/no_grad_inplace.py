# Believes no_grad makes in-place ops safe: the clamp_/log_/neg_ still overwrite probs itself.
# zh: 以为 no_grad 能让原地操作变安全：clamp_/log_/neg_ 仍然覆盖了 probs 本身。
import torch


def solve(probs):
    with torch.no_grad():
        p = probs.clamp_(min=1e-6)
        p.log_()
        p.neg_()
    return p.detach().clone()
