# shared_view via x.data: shares storage but NOT x's version counter, so autograd cannot notice in-place writes
# zh: shared_view 用 x.data：与 x 共享存储，但不共享 x 的版本计数器，所以 autograd 察觉不到对它的原地写入。
import torch


def solve(x):
    return {
        "shared_view": x.data,
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(True),
    }
