# Skips the kwargs check: torch.add(x * y, z, alpha=2) would become addcmul(z, x, y) and lose alpha (untested now).
# zh: 跳过了 kwargs 检查：torch.add(x * y, z, alpha=2) 会被改写成 addcmul(z, x, y)，丢掉 alpha（目前没有测试覆盖）。
import operator

import torch
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for add in list(gm.graph.nodes):
        if add.op != "call_function" or add.target not in (operator.add, torch.add):
            continue
        for i, p in enumerate(add.args[:2]):
            b = add.args[1 - i]
            if isinstance(p, fx.Node) and p.op == "call_function" and p.target in (operator.mul, torch.mul) \
                    and len(p.users) == 1 and isinstance(b, fx.Node) and all(isinstance(a, fx.Node) for a in p.args):
                with gm.graph.inserting_before(add):
                    fused = gm.graph.call_function(torch.addcmul, (b, *p.args))
                add.replace_all_uses_with(fused)
                gm.graph.erase_node(add)
                gm.graph.erase_node(p)
                break
    gm.recompile()
    return gm
