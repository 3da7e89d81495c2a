# Builds a brand-new Conv2d from the old one's hyper-parameters (in the old conv's dtype and device) under a fresh
# name and retargets the call node to it.
import torch
from torch import fx, nn


def _fold(conv: nn.Conv2d, bn: nn.BatchNorm2d) -> nn.Conv2d:
    new = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, stride=conv.stride, padding=conv.padding,
                    dilation=conv.dilation, groups=conv.groups, bias=True, padding_mode=conv.padding_mode,
                    dtype=conv.weight.dtype, device=conv.weight.device)
    inv_std = torch.rsqrt(bn.running_var + bn.eps)
    gamma = bn.weight * inv_std
    old_bias = conv.bias if conv.bias is not None else torch.zeros_like(bn.running_mean)
    with torch.no_grad():
        new.weight.copy_(conv.weight * gamma.view(-1, 1, 1, 1))
        new.bias.copy_(bn.bias + gamma * (old_bias - bn.running_mean))
    return new.eval()


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    mods = dict(gm.named_modules())
    count = 0
    for bn_node in list(gm.graph.nodes):
        if bn_node.op != "call_module" or type(mods[bn_node.target]) is not nn.BatchNorm2d:
            continue
        src = bn_node.args[0]
        if not isinstance(src, fx.Node) or src.op != "call_module" or not isinstance(mods[src.target], nn.Conv2d):
            continue
        if len(src.users) != 1:
            continue
        name = f"folded_conv_{count}"
        count += 1
        gm.add_submodule(name, _fold(mods[src.target], mods[bn_node.target]))
        src.target = name
        bn_node.replace_all_uses_with(src)
        gm.graph.erase_node(bn_node)
    gm.graph.eliminate_dead_code()
    gm.delete_all_unused_submodules()
    gm.recompile()
    return gm
