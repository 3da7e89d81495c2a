# Uses detach_() for the shared view, which detaches x itself: x stops requiring grad.
# zh: 共享视图用 detach_() 得到，这会把 x 本身 detach：x 不再需要梯度。
def solve(x):
    snapshot = x.detach().clone()
    return {
        "shared_view": x.detach_(),
        "snapshot": snapshot,
        "tracked_copy": snapshot.clone().requires_grad_(),
        "new_leaf": snapshot.clone().requires_grad_(),
    }
