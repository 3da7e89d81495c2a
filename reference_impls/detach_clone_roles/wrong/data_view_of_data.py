# Takes the shared view as x.data.view_as(x): a view of the untracked alias, so autograd never sees writes into it.
import torch


def solve(x):
    alias = x.data
    return {
        "shared_view": alias.view_as(x),
        "snapshot": alias.clone(),
        "tracked_copy": x.clone(),
        "new_leaf": alias.clone().requires_grad_(),
    }
