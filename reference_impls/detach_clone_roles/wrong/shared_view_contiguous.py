# shared_view = x.detach().contiguous() "to be safe": for a non-contiguous leaf x (e.g. transposed) contiguous() copies, so the view no longer shares x's storage
# zh: 为了保险写成 shared_view = x.detach().contiguous()：x 非连续（例如转置）时 contiguous() 会复制，视图不再与 x 共享存储。
import torch


def solve(x):
    return {
        "shared_view": x.detach().contiguous(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.detach().clone().requires_grad_(True),
    }
