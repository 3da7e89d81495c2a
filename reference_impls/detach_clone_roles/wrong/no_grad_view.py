# shared_view = x.view_as(x) under torch.no_grad(): shares storage and has no grad_fn, but a no_grad view of x still has requires_grad=True (and in-place writes then raise)
# zh: 在 torch.no_grad() 下取 shared_view = x.view_as(x)：共享存储、没有 grad_fn，但 no_grad 下的视图仍然 requires_grad=True。
import torch


def solve(x):
    with torch.no_grad():
        shared = x.view_as(x)            # no_grad view: no grad_fn, same storage and version counter
        snap = torch.empty_like(x).copy_(x)
        leaf = x.clone()
    leaf.requires_grad_(True)
    tracked = x * 1                      # out-of-place op: new memory, MulBackward0 to x
    return {"shared_view": shared, "snapshot": snap, "tracked_copy": tracked, "new_leaf": leaf}
