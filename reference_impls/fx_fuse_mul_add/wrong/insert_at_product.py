# Inserts the addcmul where the product was, before b may even be defined (b is often read after the multiply).
# zh: 把 addcmul 插在乘积原来的位置，那时 b 可能还没定义（b 常常在乘法之后才读取）。
import operator

import torch
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for add in list(gm.graph.nodes):
        if add.op != "call_function" or add.target not in (operator.add, torch.add) or add.kwargs:
            continue
        for i, p in enumerate(add.args):
            if isinstance(p, fx.Node) and p.op == "call_function" and p.target in (operator.mul, torch.mul) \
                    and len(p.users) == 1 and all(isinstance(a, fx.Node) for a in p.args):
                b = add.args[1 - i]
                if not isinstance(b, fx.Node):
                    continue
                with gm.graph.inserting_before(p):
                    fused = gm.graph.call_function(torch.addcmul, (b, p.args[0], p.args[1]))
                add.replace_all_uses_with(fused)
                gm.graph.erase_node(add)
                gm.graph.erase_node(p)
                break
    gm.recompile()
    return gm
