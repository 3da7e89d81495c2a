# new_leaf = nn.Parameter(x.detach()): a leaf requiring grad, but nn.Parameter does not copy -> shares x's storage
# zh: new_leaf = nn.Parameter(x.detach())：是需要梯度的叶子，但 nn.Parameter 不复制数据，与 x 共享存储。
import torch
from torch import nn


def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": nn.Parameter(x.detach()),
    }
