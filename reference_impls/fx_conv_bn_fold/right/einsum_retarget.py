# folds in float64 with einsum, registers the folded conv under a NEW top-level name and retargets the call_module node (old nested conv left untouched, then pruned from gm)
import copy

import torch
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    k = 0
    for node in list(g.nodes):
        if node.op != "call_module" or not isinstance(gm.get_submodule(node.target), torch.nn.BatchNorm2d):
            continue
        src = node.args[0]
        if not (isinstance(src, fx.Node) and src.op == "call_module"
                and isinstance(gm.get_submodule(src.target), torch.nn.Conv2d) and len(src.users) == 1):
            continue
        bn = gm.get_submodule(node.target)
        conv = gm.get_submodule(src.target)
        if bn.running_mean is None:
            continue  # no running statistics: nothing fixed to fold
        with torch.no_grad():
            dt = conv.weight.dtype
            var = bn.running_var.double()
            mean = bn.running_mean.double()
            gamma = bn.weight.double() if bn.weight is not None else torch.ones_like(var)
            beta = bn.bias.double() if bn.bias is not None else torch.zeros_like(var)
            s = gamma * torch.rsqrt(var + bn.eps)
            w = torch.einsum("oikl,o->oikl", conv.weight.double(), s)
            b = conv.bias.double() if conv.bias is not None else torch.zeros_like(var)
            b = beta + (b - mean) * s
        new = copy.deepcopy(conv)
        new.weight = torch.nn.Parameter(w.to(dt))
        new.bias = torch.nn.Parameter(b.to(dt))
        name = "folded_conv_%d" % k
        while hasattr(gm, name):
            k += 1
            name = "folded_conv_%d" % k
        k += 1
        gm.add_module(name, new)
        src.target = name
        node.replace_all_uses_with(src)
        g.erase_node(node)
    g.lint()
    gm.recompile()
    gm.delete_all_unused_submodules()
    return gm
