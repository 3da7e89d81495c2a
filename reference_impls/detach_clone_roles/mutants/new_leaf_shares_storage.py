# x.detach().requires_grad_() is a new leaf, but it shares x's storage: an optimizer step on it rewrites x.
def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().requires_grad_(),
    }
