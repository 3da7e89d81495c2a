# Builds the new leaf with empty_like(x).copy_(x): copy_ records CopyBackwards, so its gradient still reaches x.
# zh: 用 empty_like(x).copy_(x) 构造新叶子：copy_ 会记录 CopyBackwards，梯度仍会传到 x。
import torch


def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": torch.empty_like(x).copy_(x).requires_grad_(),
    }
