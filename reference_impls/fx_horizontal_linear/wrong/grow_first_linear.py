# Grows the group's first nn.Linear in place to hold all the weights: that module is shared with the original model.
# zh: 原地扩大组里第一个 nn.Linear 来装下全部权重：这个模块是和原模型共用的。
import operator

import torch
from torch import fx, nn


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    mods = dict(gm.named_modules())
    groups: dict[fx.Node, list[fx.Node]] = {}
    for n in gm.graph.nodes:
        if n.op == "call_module" and isinstance(mods[n.target], nn.Linear):
            groups.setdefault(n.args[0], []).append(n)
    for src, lins in groups.items():
        if len(lins) < 2:
            continue
        ls = [mods[n.target] for n in lins]
        widths = [m.out_features for m in ls]
        bias = torch.cat([m.bias if m.bias is not None else m.weight.new_zeros(m.out_features) for m in ls]).detach()
        first = ls[0]
        first.weight = nn.Parameter(torch.cat([m.weight for m in ls]).detach())
        first.bias = nn.Parameter(bias)
        first.out_features = sum(widths)
        with gm.graph.inserting_before(lins[0]):
            y = gm.graph.call_module(lins[0].target, (src,))
            parts = gm.graph.call_function(torch.split, (y, widths), {"dim": -1})
            for i, n in enumerate(lins):
                n.replace_all_uses_with(gm.graph.call_function(operator.getitem, (parts, i)))
        for n in lins:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
