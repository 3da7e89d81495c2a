# Divides by running_var + eps instead of its square root when scaling the conv.
# zh: 缩放 conv 时除以 running_var + eps，而不是它的平方根。
import copy

import torch
from torch import fx, nn


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    mods = dict(gm.named_modules())
    for bn_node in list(gm.graph.nodes):
        if bn_node.op != "call_module" or not isinstance(mods[bn_node.target], nn.BatchNorm2d):
            continue
        conv_node = bn_node.args[0]
        if conv_node.op != "call_module" or not isinstance(mods[conv_node.target], nn.Conv2d) \
                or len(conv_node.users) > 1:
            continue
        conv, bn = mods[conv_node.target], mods[bn_node.target]
        s = bn.weight / (bn.running_var + bn.eps)
        new = copy.deepcopy(conv)
        b0 = conv.bias if conv.bias is not None else torch.zeros(conv.out_channels)
        new.weight = nn.Parameter((conv.weight * s[:, None, None, None]).detach())
        new.bias = nn.Parameter((bn.bias + (b0 - bn.running_mean) * s).detach())
        parent, _, leaf = conv_node.target.rpartition(".")
        setattr(gm.get_submodule(parent), leaf, new)
        bn_node.replace_all_uses_with(conv_node)
        gm.graph.erase_node(bn_node)
    gm.recompile()
    return gm
