# Groups the Linears by the node they read even when an in-place op (x.add_(1)) runs between them: the fused op, placed before the first, gives the later ones the old value.
# zh: 即使两个 Linear 之间有原地算子（x.add_(1)），仍按读取的节点把它们分到一组：放在第一个之前的融合算子让后面的 Linear 读到旧值。
import operator

import torch
from torch import fx, nn


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    modules = dict(gm.named_modules())
    groups = {}  # the node that is read -> the Linear nodes that read it, in graph order
    for node in gm.graph.nodes:
        if node.op == "call_module" and isinstance(modules[node.target], nn.Linear) and len(node.args) == 1:
            groups.setdefault(node.args[0], []).append(node)
    for i, (src, linears) in enumerate(groups.items()):
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
