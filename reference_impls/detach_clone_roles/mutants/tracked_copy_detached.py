# The tracked copy is detached before cloning: no gradient can flow back to x.
# zh: 要跟踪梯度的副本在 clone 之前就被 detach 了：梯度无法传回 x。
def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.detach().clone(),
        "new_leaf": x.detach().clone().requires_grad_(),
    }
