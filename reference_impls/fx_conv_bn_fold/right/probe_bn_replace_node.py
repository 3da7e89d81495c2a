# Gets the BN's scale and shift by running F.batch_norm on 0 and 1 in float64, folds with einsum, replaces the pair with one new node (holdout round 9)
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import fx


def _affine_of_bn(bn, channels):
    dd = torch.float64
    probe = torch.stack([torch.zeros(channels, dtype=dd), torch.ones(channels, dtype=dd)])
    out = F.batch_norm(
        probe.view(2, channels, 1, 1),
        bn.running_mean.detach().to(dd), bn.running_var.detach().to(dd),
        None if bn.weight is None else bn.weight.detach().to(dd),
        None if bn.bias is None else bn.bias.detach().to(dd),
        training=False, momentum=0.0, eps=bn.eps,
    ).view(2, channels)
    shift = out[0]
    return out[1] - shift, shift  # y = scale * x + shift


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    fresh = 0
    for bn_node in list(g.nodes):
        if bn_node.op != "call_module" or bn_node.kwargs or len(bn_node.args) != 1:
            continue
        if not isinstance(gm.get_submodule(bn_node.target), nn.BatchNorm2d):
            continue
        conv_node = bn_node.args[0]
        if not (isinstance(conv_node, fx.Node) and conv_node.op == "call_module"
                and isinstance(gm.get_submodule(conv_node.target), nn.Conv2d)
                and list(conv_node.users) == [bn_node]):
            continue
        conv = gm.get_submodule(conv_node.target)
        bn = gm.get_submodule(bn_node.target)
        scale, shift = _affine_of_bn(bn, conv.out_channels)
        w64 = conv.weight.detach().to(torch.float64)
        b64 = (conv.bias.detach().to(torch.float64) if conv.bias is not None
               else torch.zeros(conv.out_channels, dtype=torch.float64))
        new = copy.deepcopy(conv)
        dt = conv.weight.dtype
        new.weight = nn.Parameter(torch.einsum("oihw,o->oihw", w64, scale).to(dt))
        new.bias = nn.Parameter(torch.addcmul(shift, b64, scale).to(dt))
        while hasattr(gm, f"_bnfold_{fresh}"):
            fresh += 1
        name = f"_bnfold_{fresh}"
        gm.add_submodule(name, new)
        with g.inserting_before(bn_node):
            merged = g.call_module(name, conv_node.args, dict(conv_node.kwargs))
        bn_node.replace_all_uses_with(merged)
        g.erase_node(bn_node)
        g.erase_node(conv_node)
    g.lint()
    gm.recompile()
    return gm
