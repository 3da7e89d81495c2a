# Clones before detaching, and gets the tracked copy from an arithmetic identity instead of clone().
def solve(x):
    snapshot = x.clone().detach()
    return {
        "shared_view": x.detach(),
        "snapshot": snapshot,
        "tracked_copy": x * 1,  # a new tensor whose MulBackward leads back to x
        "new_leaf": x.clone().detach().requires_grad_(True),
    }
