# writes into a freshly allocated output with out= kwargs (torch.clamp(out=), log_, neg_ on the copy only)
import torch


def solve(probs):
    out = torch.empty_like(probs, requires_grad=False)
    torch.clamp(probs.detach(), min=1e-6, out=out)
    out.log_()
    out.neg_()
    return out
