# Collects the (conv, bn) pairs first, folds each with a helper on a deepcopy, and has a __main__ self-test.
import copy

import torch
from torch import fx, nn


def _pairs(gm: fx.GraphModule) -> list[tuple[fx.Node, fx.Node]]:
    mods = dict(gm.named_modules())

    def is_a(node: object, cls: type) -> bool:
        return isinstance(node, fx.Node) and node.op == "call_module" and isinstance(mods[node.target], cls)

    return [(n.args[0], n) for n in gm.graph.nodes
            if is_a(n, nn.BatchNorm2d) and is_a(n.args[0], nn.Conv2d) and len(n.args[0].users) == 1]


def _folded(conv: nn.Conv2d, bn: nn.BatchNorm2d) -> nn.Conv2d:
    out = copy.deepcopy(conv)
    std = (bn.running_var + bn.eps).sqrt()
    g = bn.weight.detach() if bn.weight is not None else torch.ones_like(std)
    t = bn.bias.detach() if bn.bias is not None else torch.zeros_like(std)
    w = conv.weight.detach() * (g / std).reshape(-1, *([1] * (conv.weight.dim() - 1)))
    b = conv.bias.detach() if conv.bias is not None else conv.weight.new_zeros(conv.out_channels)
    out.weight = nn.Parameter(w)
    out.bias = nn.Parameter((b - bn.running_mean) / std * g + t)
    return out


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for k, (conv_node, bn_node) in enumerate(_pairs(gm)):
        # a module of its own for this call site: the conv may be called elsewhere with another BN
        new_name = f"folded_conv_{k}"
        gm.add_submodule(new_name, _folded(gm.get_submodule(conv_node.target), gm.get_submodule(bn_node.target)))
        conv_node.target = new_name
        bn_node.replace_all_uses_with(conv_node)
        gm.graph.erase_node(bn_node)
    gm.recompile()
    return gm


if __name__ == "__main__":
    net = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU()).eval()
    net[1].running_var.uniform_(0.1, 2.0)
    net[1].running_mean.normal_()
    x = torch.randn(2, 3, 8, 8)
    expected = net(x)
    torch.testing.assert_close(solve(fx.symbolic_trace(net))(x), expected)
    torch.testing.assert_close(net(x), expected)
    print("ok")
