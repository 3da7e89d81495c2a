# .data also shares storage, and hides the write from autograd: probs is corrupted silently.
def solve(probs):
    p = probs.data
    p.clamp_(min=1e-6)
    p.log_()
    p.neg_()
    return p
