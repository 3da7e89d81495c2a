# Uses detach_() for the shared view, which detaches x itself: x stops requiring grad.
def solve(x):
    snapshot = x.detach().clone()
    return {
        "shared_view": x.detach_(),
        "snapshot": snapshot,
        "tracked_copy": snapshot.clone().requires_grad_(),
        "new_leaf": snapshot.clone().requires_grad_(),
    }
