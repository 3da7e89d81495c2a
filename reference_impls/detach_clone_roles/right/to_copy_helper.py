# Makes every untracked copy with one helper, detach().to(copy=True), and sets requires_grad as an attribute.
import torch


def _own_copy(t: torch.Tensor) -> torch.Tensor:
    return t.detach().to(copy=True)


def solve(x):
    leaf = _own_copy(x)
    leaf.requires_grad = True
    return {
        "shared_view": x.detach(),
        "snapshot": _own_copy(x),
        "tracked_copy": x.clone(),
        "new_leaf": leaf,
    }
