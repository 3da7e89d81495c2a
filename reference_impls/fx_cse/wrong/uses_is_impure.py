# Relies on torch.fx's Node.is_impure() to spot random ops; it does not flag F.dropout, so two dropouts are merged.
# zh: 靠 torch.fx 的 Node.is_impure() 识别随机算子，但它不标记 F.dropout，于是两个 dropout 被合并了。
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    seen: dict[tuple, fx.Node] = {}
    for n in list(gm.graph.nodes):
        if n.op not in ("call_function", "call_method") or n.is_impure():
            continue
        key = (n.op, n.target, n.args, tuple(sorted(n.kwargs.items())))
        if key in seen:
            n.replace_all_uses_with(seen[key])
            gm.graph.erase_node(n)
        else:
            seen[key] = n
    gm.recompile()
    return gm
