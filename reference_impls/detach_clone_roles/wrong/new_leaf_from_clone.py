# new_leaf = x.clone().requires_grad_(): clone keeps the graph, so it is not a leaf and its gradient flows into x
# zh: new_leaf = x.clone().requires_grad_()：clone 保留计算图，结果不是叶子，梯度会流回 x。
import torch


def solve(x):
    return {
        "shared_view": x.detach(),
        "snapshot": x.detach().clone(),
        "tracked_copy": x.clone(),
        "new_leaf": x.clone().requires_grad_(True),
    }
