# walks the graph BACKWARDS and fuses from the last add to the first (so (x*a+b)*c+d fuses outer-first), blocks any chain with an in-place op between mul and add by graph position; also accepts method spellings .mul/.add
import operator

import torch
from torch import fx


def _is_mul(n):
    return isinstance(n, fx.Node) and not n.kwargs and len(n.args) == 2 and all(isinstance(a, fx.Node) for a in n.args) and (
        (n.op == "call_function" and n.target in (operator.mul, torch.mul)) or (n.op == "call_method" and n.target == "mul"))


def _is_add(n):
    return not n.kwargs and len(n.args) == 2 and all(isinstance(a, fx.Node) for a in n.args) and (
        (n.op == "call_function" and n.target in (operator.add, torch.add)) or (n.op == "call_method" and n.target == "add"))


def _mutates(n):
    if n.op not in ("call_function", "call_method"):
        return False
    if n.kwargs.get("out") is not None or n.kwargs.get("inplace") is True:  # writes without a `_` name
        return True
    t = n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")
    return t.endswith("_") and t not in ("and_", "or_")  # & and | are pure


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    for n in reversed(list(g.nodes)):
        if n.op == "output" or not _is_add(n):
            continue
        idx = {m: i for i, m in enumerate(g.nodes)}
        for p, b in ((n.args[0], n.args[1]), (n.args[1], n.args[0])):
            if not _is_mul(p) or len(p.users) != 1 or b is p:
                continue
            if any(_mutates(m) for m in list(g.nodes)[idx[p] + 1: idx[n]]):
                continue
            with g.inserting_after(n):
                f = g.call_function(torch.addcmul, (b, p.args[0], p.args[1]))
            n.replace_all_uses_with(f)
            g.erase_node(n)
            g.erase_node(p)
            break
    g.lint()
    gm.recompile()
    return gm
