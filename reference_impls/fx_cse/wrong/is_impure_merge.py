# Asks fx's Node.is_impure() which calls may not be merged: it misses in-place methods, so y.add_(1) twice becomes once.
# zh: 用 fx 的 Node.is_impure() 判断哪些调用不能合并，它认不出原地方法，于是两次 y.add_(1) 被合成了一次。
import torch
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    seen = {}
    for node in list(gm.graph.nodes):
        if node.op not in ("call_function", "call_method") or node.is_impure():
            continue
        if node.target in (torch.rand_like, torch.randn_like, torch.nn.functional.dropout):
            continue
        key = (node.op, node.target, repr(node.args), repr(sorted(node.kwargs.items())))
        if key in seen:
            node.replace_all_uses_with(seen[key])
            gm.graph.erase_node(node)
        else:
            seen[key] = node
    gm.recompile()
    return gm
