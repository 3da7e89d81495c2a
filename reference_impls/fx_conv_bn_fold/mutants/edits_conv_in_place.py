# Rescales the conv's weight in place: the original model, which shares that conv, changes too.
# zh: 原地缩放 conv 的权重：原模型和它共用这个 conv，也跟着被改了。
import torch
from torch import fx, nn


def _folded(conv: nn.Conv2d, bn: nn.BatchNorm2d) -> nn.Conv2d:
    """Rescales the conv it is given, in place."""
    scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
    with torch.no_grad():
        bias = conv.bias.clone() if conv.bias is not None else torch.zeros_like(bn.running_mean)
        conv.weight.mul_(scale.reshape(-1, 1, 1, 1))
        conv.bias = nn.Parameter((bias - bn.running_mean) * scale + bn.bias)
    return conv


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
