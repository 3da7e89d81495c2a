# Takes the shared view with view_as under no_grad: a view of a leaf that requires grad still requires grad.
# zh: 在 no_grad 下用 view_as 取共享视图：需要梯度的叶子张量的视图仍然需要梯度。
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
