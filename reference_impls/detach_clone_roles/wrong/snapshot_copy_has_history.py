# snapshot built with empty_like(x).copy_(x) outside no_grad: own storage but it records CopyBackwards (has history, requires grad)
# zh: snapshot 在 no_grad 之外用 empty_like(x).copy_(x) 构造：存储独立，但记录了 CopyBackwards（有历史、需要梯度）。
import torch


def solve(x):
    snap = torch.empty_like(x).copy_(x)
    return {
        "shared_view": x.detach(),
        "snapshot": snap,
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(True),
    }
