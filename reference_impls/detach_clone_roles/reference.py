def solve(x):
    return {
        "shared_view": x.detach(),                       # same storage, cut from the graph
        "snapshot": x.detach().clone(),                  # own storage, no history
        "tracked_copy": x.clone(),                       # own storage, CloneBackward links it to x
        "new_leaf": x.detach().clone().requires_grad_(),  # own storage, a leaf of a new graph
    }
