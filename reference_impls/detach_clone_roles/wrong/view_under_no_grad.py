# Takes the shared view with view_as under no_grad: a view of a leaf that requires grad still requires grad.
import torch


def solve(x):
    with torch.no_grad():
        shared = x.view_as(x)
        snapshot = x.clone()
    return {
        "shared_view": shared,
        "snapshot": snapshot,
        "tracked_copy": x.clone(),
        "new_leaf": snapshot.clone().requires_grad_(),
    }
