# x.detach().requires_grad_() is a new leaf, but it shares x's storage: an optimizer step on it rewrites x.
# zh: x.detach().requires_grad_() 确实是新的叶子，但它与 x 共享 storage：对它做一步优化就会改写 x。
def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().requires_grad_(),
    }
