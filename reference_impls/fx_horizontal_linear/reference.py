import operator

import torch
from torch import fx, nn


# In-place in every spelling: a name ending in `_` (x.add_, torch.relu_; not operator.and_/or_, which
# are `&` and `|`), inplace=True (in a call or a module) or out= (operator.setitem
# and the augmented operators too, where a graph holds them).
INPLACE_OPERATORS = (operator.setitem, operator.iadd, operator.isub, operator.imul, operator.itruediv)


def _writes(node: fx.Node, modules: dict) -> bool:
    if node.op == "call_module":
        return getattr(modules[node.target], "inplace", False) is True
    if node.op not in ("call_function", "call_method"):
        return False
    if node.target in INPLACE_OPERATORS or node.kwargs.get("inplace") is True or "out" in node.kwargs:
        return True
    name = node.target if isinstance(node.target, str) else getattr(node.target, "__name__", "")
    return name.endswith("_") and not name.startswith("_") and node.target not in (operator.and_, operator.or_)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    modules = dict(gm.named_modules())
    # (the node that is read, the last in-place op before) -> the Linear nodes that read it, in graph order.
    # An in-place op (x.add_(1), torch.relu_(x), F.relu(x, inplace=True)) may change the node (or what it is a view
    # of): Linears after it are another group, or the fused op, placed before the first of them, would
    # read the old value.
    groups, last_change = {}, None
    for node in gm.graph.nodes:
        if _writes(node, modules):
            last_change = node
        elif node.op == "call_module" and isinstance(modules[node.target], nn.Linear) and len(node.args) == 1:
            groups.setdefault((node.args[0], last_change), []).append(node)
    for i, ((src, _), linears) in enumerate(groups.items()):
        if len(linears) < 2:
            continue
        mods = [modules[n.target] for n in linears]
        widths = [m.out_features for m in mods]
        fused = nn.Linear(mods[0].in_features, sum(widths), dtype=mods[0].weight.dtype)
        with torch.no_grad():
            fused.weight.copy_(torch.cat([m.weight for m in mods]))
            fused.bias.copy_(torch.cat([m.bias if m.bias is not None else m.weight.new_zeros(m.out_features) for m in mods]))
        name = f"fused_linear_{i}"
        gm.add_submodule(name, fused)
        # Every reader of any of these Linears comes after the first one: insert everything there.
        with gm.graph.inserting_before(linears[0]):
            out = gm.graph.call_module(name, (src,))
            parts = gm.graph.call_function(torch.split, (out, widths), {"dim": -1})
            for j, n in enumerate(linears):
                n.replace_all_uses_with(gm.graph.call_function(operator.getitem, (parts, j)))
        for n in linears:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
