# Adds 1e-6 inside the log instead of clamping at 1e-6, which shifts every small probability's surprisal.
# zh: 在 log 里加上 1e-6，而不是在 1e-6 处截断，于是每个小概率的信息量都被平移了。
def solve(probs):
    return -(probs.detach() + 1e-6).log()
