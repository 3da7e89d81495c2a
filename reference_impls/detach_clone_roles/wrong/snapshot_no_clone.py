# snapshot = x.detach() without clone: shares x's storage, so later writes to x change the "snapshot"
# zh: snapshot = x.detach() 却没有 clone：与 x 共享存储，之后对 x 的写入会改变这个快照。
import torch


def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(True),
    }
