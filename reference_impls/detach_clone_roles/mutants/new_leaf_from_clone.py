# x.clone() already has a grad_fn (CloneBackward0): requires_grad_() on it does not make a new leaf.
# zh: x.clone() 本身已有 grad_fn（CloneBackward0），对它调用 requires_grad_() 得不到新的叶子张量。
def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.clone().requires_grad_(),
    }
