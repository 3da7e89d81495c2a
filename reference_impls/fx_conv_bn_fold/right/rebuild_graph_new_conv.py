# Plans the folds, copies the graph skipping folded BNs, builds new convs with the nn.Conv2d constructor (holdout round 9)
import torch
import torch.nn as nn
from torch import fx


def _new_conv(conv, bn):
    std = (bn.running_var.detach() + bn.eps).sqrt()
    gamma = bn.weight.detach() if bn.affine else torch.ones_like(std)
    beta = bn.bias.detach() if bn.affine else torch.zeros_like(std)
    factor = gamma / std
    old_b = conv.bias.detach() if conv.bias is not None else torch.zeros_like(std)
    out = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, stride=conv.stride,
                    padding=conv.padding, dilation=conv.dilation, groups=conv.groups, bias=True,
                    padding_mode=conv.padding_mode, device=conv.weight.device, dtype=conv.weight.dtype)
    with torch.no_grad():
        out.weight.copy_(conv.weight.detach() * factor[:, None, None, None])
        out.bias.copy_(beta + (old_b - bn.running_mean.detach()) * factor)
    return out


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    mods = dict(gm.named_modules())
    plan = {}  # conv node -> (bn node, new conv)
    for n in gm.graph.nodes:
        src = n.args[0] if n.args else None
        if (n.op == "call_module" and isinstance(mods[n.target], nn.BatchNorm2d) and len(n.args) == 1 and not n.kwargs
                and isinstance(src, fx.Node) and src.op == "call_module"
                and isinstance(mods[src.target], nn.Conv2d) and len(src.users) == 1):
            plan[src] = (n, _new_conv(mods[src.target], mods[n.target]))

    holder = nn.Module()
    gm.add_module("bn_folded", holder)
    folded_bn = {bn for bn, _ in plan.values()}
    new_graph = fx.Graph()
    env = {}
    for i, n in enumerate(gm.graph.nodes):
        if n in folded_bn:
            env[n] = env[n.args[0]]
            continue
        copied = new_graph.node_copy(n, lambda a: env[a])
        if n in plan:
            holder.add_module(f"c{i}", plan[n][1])
            copied.target = f"bn_folded.c{i}"
        env[n] = copied
    new_graph.lint()
    return fx.GraphModule(gm, new_graph)
