# The original bug: detach() shares probs' storage, so the in-place ops overwrite probs.
def solve(probs):
    p = probs.detach()
    p.clamp_(min=1e-6)
    p.log_()
    p.neg_()
    return p
