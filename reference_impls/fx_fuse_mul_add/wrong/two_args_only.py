# Checks that the add has exactly two positional arguments but never looks at its kwargs: alpha=2 is dropped.
# zh: 检查了 add 恰好有两个位置参数，却从不看它的 kwargs：alpha=2 被丢掉了。
import operator

import torch
from torch import fx

ADDS = (operator.add, torch.add)
MULS = (operator.mul, torch.mul)


def _product(n):
    return isinstance(n, fx.Node) and n.op == "call_function" and n.target in MULS and len(n.users) == 1 \
        and len(n.args) == 2 and all(isinstance(a, fx.Node) for a in n.args)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for add in list(gm.graph.nodes):
        if add.op != "call_function" or add.target not in ADDS or len(add.args) != 2:
            continue
        left, right = add.args
        prod, other = (left, right) if _product(left) else (right, left)
        if not _product(prod) or not isinstance(other, fx.Node):
            continue
        with gm.graph.inserting_before(add):
            fused = gm.graph.call_function(torch.addcmul, (other, *prod.args))
        add.replace_all_uses_with(fused)
        gm.graph.erase_node(add)
        gm.graph.erase_node(prod)
    gm.graph.lint()
    gm.recompile()
    return gm
