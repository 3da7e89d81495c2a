# Clones first and detaches the clone in place, then runs the original in-place chain on the private copy.
def solve(probs):
    p = probs.clone().detach_()
    p.clamp_(min=1e-6).log_().neg_()
    return p
