# Only names ending in _ count as in-place: F.relu(x, inplace=True) or torch.mul(x, 2, out=x) between the multiply and the add does not block the fusion.
# zh: 只把以 _ 结尾的名字当作原地操作：乘法和加法之间的 F.relu(x, inplace=True) 或 torch.mul(x, 2, out=x) 挡不住融合。
import operator

import torch
from torch import fx

MULS = (operator.mul, torch.mul)
ADDS = (operator.add, torch.add)


def _is_inplace(node):
    if node.op not in ("call_function", "call_method"):
        return False
    if node.target in (operator.and_, operator.or_):
        return False
    name = node.target if isinstance(node.target, str) else getattr(node.target, "__name__", "")
    if name.endswith("_"):
        return True
    return False


def _clear_between(first, last):
    n = first.next
    while n is not last:
        if _is_inplace(n):
            return False
        n = n.next
    return True


def _as_product(p, add):
    if not (isinstance(p, fx.Node) and p.op == "call_function" and p.target in MULS):
        return None
    if len(p.args) != 2 or p.kwargs:
        return None
    x, a = p.args
    if not (isinstance(x, fx.Node) and isinstance(a, fx.Node)):
        return None
    if len(p.users) != 1:
        return None
    if not _clear_between(p, add):
        return None
    return x, a


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    graph = gm.graph
    for add in list(graph.nodes):
        if add.op != "call_function" or add.target not in ADDS:
            continue
        if len(add.args) != 2 or add.kwargs:
            continue
        lhs, rhs = add.args
        for p, b in ((lhs, rhs), (rhs, lhs)):
            if not isinstance(b, fx.Node) or b is p:
                continue
            xa = _as_product(p, add)
            if xa is None:
                continue
            with graph.inserting_before(add):
                fused = graph.call_function(torch.addcmul, (b, xa[0], xa[1]))
            add.replace_all_uses_with(fused)
            graph.erase_node(add)
            graph.erase_node(p)
            break
    graph.lint()
    gm.recompile()
    return gm
