# The tracked copy is detached before cloning: no gradient can flow back to x.
def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.detach().clone(),
        "new_leaf": x.detach().clone().requires_grad_(),
    }
