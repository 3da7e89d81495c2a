# accepts torch.add with kwargs/extra args (alpha): torch.add(x * a, b, alpha=2) becomes b + x*a without the alpha
# zh: 接受带关键字参数（alpha）的 torch.add：torch.add(x * a, b, alpha=2) 变成了不带 alpha 的 b + x*a。
import operator

import torch
from torch import fx

MULS = (operator.mul, torch.mul)
ADDS = (operator.add, torch.add)


def _inplace(n):
    if n.op not in ("call_function", "call_method"):
        return False
    name = n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")
    return name.endswith("_")


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    for n in list(g.nodes):
        if n.op != "call_function" or n.target not in ADDS:
            continue
        order = list(g.nodes)
        pos = {m: i for i, m in enumerate(order)}
        for side in (0, 1):
            p = n.args[side]
            other = n.args[1 - side]
            if not isinstance(p, fx.Node) or p.op != "call_function" or p.target not in MULS:
                continue
            if not isinstance(other, fx.Node):
                continue
            if len(p.users) != 1:
                continue
            if not all(isinstance(a, fx.Node) for a in p.args[:2]) or p.kwargs:
                continue
            if any(_inplace(m) for m in order[pos[p] + 1:pos[n]]):
                continue
            x, a = p.args[0], p.args[1]
            with g.inserting_before(n):
                fused = g.call_function(torch.addcmul, (other, x, a))
            n.replace_all_uses_with(fused)
            g.erase_node(n)
            if not p.users:
                g.erase_node(p)
            break
    g.lint()
    gm.recompile()
    return gm
