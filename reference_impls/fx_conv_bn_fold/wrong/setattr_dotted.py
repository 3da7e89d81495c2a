# Puts the folded conv back with setattr(gm, "features.0", ...): a new attribute; the graph still calls the old conv.
# zh: 用 setattr(gm, "features.0", ...) 把折叠后的 conv 放回去：这只是新建了一个属性，图里调用的仍是旧 conv。
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
        s = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        new = copy.deepcopy(conv)
        b0 = conv.bias if conv.bias is not None else torch.zeros(conv.out_channels)
        new.weight = nn.Parameter((conv.weight * s[:, None, None, None]).detach())
        new.bias = nn.Parameter((bn.bias + (b0 - bn.running_mean) * s).detach())
        setattr(gm, conv_node.target, new)
        bn_node.replace_all_uses_with(conv_node)
        gm.graph.erase_node(bn_node)
    gm.recompile()
    return gm
