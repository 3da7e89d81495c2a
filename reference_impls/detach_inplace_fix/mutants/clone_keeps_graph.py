# clone() without detach(): probs is safe, but the logged tensor drags the whole graph along.
def solve(probs):
    p = probs.clone()
    p.clamp_(min=1e-6)
    p.log_()
    p.neg_()
    return p
