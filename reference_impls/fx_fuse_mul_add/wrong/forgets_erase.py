# Redirects the add's users to the new addcmul but never erases the old add and product, so the chain is still there.
# zh: 把 add 的使用者改接到新的 addcmul 上，却从不删除旧的 add 和乘积，原来的计算链还在。
import operator

import torch
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for add in list(gm.graph.nodes):
        if add.op != "call_function" or add.target not in (operator.add, torch.add) or add.kwargs:
            continue
        for i, p in enumerate(add.args):
            b = add.args[1 - i]
            if isinstance(p, fx.Node) and p.op == "call_function" and p.target in (operator.mul, torch.mul) \
                    and len(p.users) == 1 and isinstance(b, fx.Node) and all(isinstance(a, fx.Node) for a in p.args):
                with gm.graph.inserting_after(add):
                    fused = gm.graph.call_function(torch.addcmul, (b, *p.args))
                add.replace_all_uses_with(fused)
                break
    gm.recompile()
    return gm
