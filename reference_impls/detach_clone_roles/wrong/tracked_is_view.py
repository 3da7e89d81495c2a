# tracked_copy = x[:] (a differentiable view): gradient reaches x but it shares x's storage instead of owning memory
# zh: tracked_copy = x[:]（可微的视图）：梯度能到 x，但它与 x 共享存储，而不是拥有自己的内存。
import torch


def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x[:],
        "new_leaf": x.detach().clone().requires_grad_(True),
    }
