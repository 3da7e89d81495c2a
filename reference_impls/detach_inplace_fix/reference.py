def solve(probs):
    # detach() shares storage with probs: clone() first, then the in-place ops touch only the copy.
    p = probs.detach().clone()
    p.clamp_(min=1e-6)
    p.log_()
    p.neg_()
    return p
