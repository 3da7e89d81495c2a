# Uses x.data for the shared view: same storage and no history, but in-place writes bypass x's version counter.
def solve(x):
    return {
        "shared_view": x.data,
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(),
    }
