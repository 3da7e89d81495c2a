# Adds 1e-6 inside the log instead of clamping at 1e-6, which shifts every small probability's surprisal.
def solve(probs):
    return -(probs.detach() + 1e-6).log()
