# skips BatchNorm2d(affine=False) (weight/bias None) instead of folding it with gamma=1, beta=0: that BN stays
# zh: 跳过 BatchNorm2d(affine=False)（weight/bias 为 None）而不是按 gamma=1、beta=0 折叠：这个 BN 留了下来。
import copy

import torch
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    for bn_node in list(g.nodes):
        if bn_node.op != "call_module":
            continue
        bn = gm.get_submodule(bn_node.target)
        if not (isinstance(bn, torch.nn.BatchNorm2d)):
            continue
        conv_node = bn_node.args[0]
        if not isinstance(conv_node, fx.Node) or conv_node.op != "call_module":
            continue
        conv = gm.get_submodule(conv_node.target)
        if not isinstance(conv, torch.nn.Conv2d):
            continue
        if len(conv_node.users) != 1:
            continue
        EPS = bn.eps
        var = bn.running_var.detach()
        mean = bn.running_mean.detach()
        if bn.weight is None or bn.bias is None:
            continue  # nothing to fold without affine parameters
        gamma = bn.weight.detach()
        beta = bn.bias.detach()
        scale = gamma / (torch.sqrt(var + EPS))
        b0 = conv.bias.detach() if conv.bias is not None else torch.zeros_like(mean)
        b_new = (b0 - mean) * scale + beta
        new = copy.deepcopy(conv)
        new.weight = torch.nn.Parameter(conv.weight.detach() * scale.reshape(-1, 1, 1, 1))
        new.bias = torch.nn.Parameter(b_new)
        *parent, leaf = conv_node.target.split(".")
        setattr(gm.get_submodule(".".join(parent)) if parent else gm, leaf, new)
        bn_node.replace_all_uses_with(conv_node)
        g.erase_node(bn_node)
    g.lint()
    gm.recompile()
    return gm
