# Rebuilds the new leaf from x.tolist(), which gives the default float32 whatever x's dtype.
import torch


def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": torch.tensor(x.tolist(), requires_grad=True),
    }
