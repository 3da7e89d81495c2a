# Folds by writing the fused conv into the parent's _modules under the conv's own name, so every call site of that conv changes.
# zh: 折叠时把融合后的 conv 以原 conv 的名字写进父模块的 _modules，于是这个 conv 的每个调用点都被改了。
import copy

import torch
from torch import fx, nn


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for bn_node in list(gm.graph.nodes):
        if bn_node.op != "call_module":
            continue
        bn = gm.get_submodule(bn_node.target)
        src = bn_node.args[0]
        if not isinstance(bn, nn.BatchNorm2d) or not isinstance(src, fx.Node) or src.op != "call_module":
            continue
        conv = gm.get_submodule(src.target)
        if not isinstance(conv, nn.Conv2d) or len(src.users) > 1:
            continue
        std = torch.sqrt(bn.running_var + bn.eps)
        new = copy.deepcopy(conv)
        b = conv.bias.detach() if conv.bias is not None else torch.zeros(conv.out_channels)
        new.weight = nn.Parameter(conv.weight.detach() * (bn.weight.detach() / std).view(-1, 1, 1, 1))
        new.bias = nn.Parameter((b - bn.running_mean) / std * bn.weight.detach() + bn.bias.detach())
        parent, _, name = src.target.rpartition(".")
        gm.get_submodule(parent)._modules[name] = new
        bn_node.replace_all_uses_with(src)
        gm.graph.erase_node(bn_node)
    gm.recompile()
    return gm
