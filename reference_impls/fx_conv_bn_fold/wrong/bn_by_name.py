# recognises BatchNorms by their attribute name containing 'bn': a BatchNorm2d named 'norm' (or features.1) is never folded
# zh: 按属性名里是否含 'bn' 识别 BatchNorm：名为 'norm'（或 features.1）的 BatchNorm2d 从未被折叠。
import copy

import torch
from torch import fx


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    for bn_node in list(g.nodes):
        if bn_node.op != "call_module":
            continue
        bn = gm.get_submodule(bn_node.target)
        if not ('bn' in bn_node.target):
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
        gamma = bn.weight.detach() if bn.weight is not None else torch.ones_like(bn.running_mean)
        beta = bn.bias.detach() if bn.bias is not None else torch.zeros_like(bn.running_mean)
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
