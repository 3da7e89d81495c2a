# The snapshot is x.detach(): it shares x's storage, so a later in-place update of x changes it.
def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(),
    }
