# Stacks the weights into buffers of the GraphModule and calls F.linear through get_attr nodes, no new nn.Linear;
# any in-place op (x.add_(1), torch.relu_, inplace=True, out=) starts new groups.
import operator

import torch
import torch.nn.functional as F
from torch import fx, nn


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    modules = dict(gm.named_modules())
    by_input: dict[tuple[fx.Node, int], list[fx.Node]] = {}
    version = 0  # how many in-place ops ran so far (any of them may write the input through a view)
    for node in gm.graph.nodes:
        name = getattr(node.target, "__name__", str(node.target))
        if node.op == "call_module":
            version += getattr(modules[node.target], "inplace", False) is True
        elif node.op in ("call_method", "call_function") and (
                (name.endswith("_") and node.target not in (operator.and_, operator.or_))
                or node.kwargs.get("inplace") is True or "out" in node.kwargs):
            version += 1
        if node.op == "call_module" and isinstance(modules[node.target], nn.Linear) and len(node.args) == 1 \
                and not node.kwargs:
            by_input.setdefault((node.args[0], version), []).append(node)
    for g, ((src, _), nodes) in enumerate(by_input.items()):
        if len(nodes) < 2:
            continue
        lins = [modules[n.target] for n in nodes]
        weight = torch.cat([m.weight.detach() for m in lins], dim=0).clone()
        bias = torch.cat([m.bias.detach() if m.bias is not None else m.weight.new_zeros(m.out_features)
                          for m in lins]).clone()
        gm.register_buffer(f"hfuse{g}_weight", weight)
        gm.register_buffer(f"hfuse{g}_bias", bias)
        with gm.graph.inserting_before(nodes[0]):
            w = gm.graph.get_attr(f"hfuse{g}_weight")
            b = gm.graph.get_attr(f"hfuse{g}_bias")
            pieces = gm.graph.call_function(torch.split, (gm.graph.call_function(F.linear, (src, w, b)),
                                                          [m.out_features for m in lins]), {"dim": -1})
            for i, n in enumerate(nodes):
                n.replace_all_uses_with(gm.graph.call_function(operator.getitem, (pieces, i)))
        for n in nodes:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
