# Believes no_grad makes in-place ops safe: the clamp_/log_/neg_ still overwrite probs itself.
import torch


def solve(probs):
    with torch.no_grad():
        p = probs.clamp_(min=1e-6)
        p.log_()
        p.neg_()
    return p.detach().clone()
