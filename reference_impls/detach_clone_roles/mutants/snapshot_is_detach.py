# The snapshot is x.detach(): it shares x's storage, so a later in-place update of x changes it.
# zh: 快照用的是 x.detach()：它与 x 共享 storage，之后对 x 的原地更新也会改变快照。
def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(),
    }
