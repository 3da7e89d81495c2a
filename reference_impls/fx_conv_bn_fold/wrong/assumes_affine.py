# Reads bn.weight and bn.bias unconditionally: a BatchNorm2d(affine=False) crashes the pass (holdout round 9)
# zh: 无条件读取 bn.weight 和 bn.bias：BatchNorm2d(affine=False) 让 pass 崩溃（第 9 轮盲测）
"""Fold BatchNorm2d into the preceding Conv2d (torch.fx pass, inference only)."""
import copy

import torch
import torch.nn as nn
from torch import fx


def _folded_conv(conv: nn.Conv2d, bn: nn.BatchNorm2d) -> nn.Conv2d:
    w = conv.weight.detach()
    inv_std = torch.rsqrt(bn.running_var.detach().to(w.dtype) + bn.eps)
    gamma = bn.weight.detach()
    beta = bn.bias.detach()
    scale = gamma * inv_std
    b = conv.bias.detach() if conv.bias is not None else torch.zeros_like(scale)
    new = copy.deepcopy(conv)
    new.weight = nn.Parameter(w * scale.reshape(-1, 1, 1, 1))
    new.bias = nn.Parameter((b - bn.running_mean.detach().to(w.dtype)) * scale + beta)
    return new


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    modules = dict(gm.named_modules())
    counter = 0
    for bn_node in list(gm.graph.nodes):
        if bn_node.op != "call_module" or not isinstance(modules.get(bn_node.target), nn.BatchNorm2d):
            continue
        if len(bn_node.args) != 1 or bn_node.kwargs:
            continue
        conv_node = bn_node.args[0]
        if not isinstance(conv_node, fx.Node) or conv_node.op != "call_module":
            continue
        conv = modules.get(conv_node.target)
        if not isinstance(conv, nn.Conv2d):
            continue
        if len(conv_node.users) != 1:
            continue
        new_conv = _folded_conv(conv, modules[bn_node.target])
        base = conv_node.target.replace(".", "_") + "_bnfold"
        while hasattr(gm, f"{base}{counter}"):
            counter += 1
        name = f"{base}{counter}"
        counter += 1
        gm.add_submodule(name, new_conv)
        conv_node.target = name
        bn_node.replace_all_uses_with(conv_node)
        gm.graph.erase_node(bn_node)
    gm.graph.lint()
    gm.recompile()
    return gm
