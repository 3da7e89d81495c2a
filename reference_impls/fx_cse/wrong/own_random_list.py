# Bans only the random ops it remembers (rand/randn and their _like forms): F.dropout(training=True) twins are merged.
# zh: 只排除自己记得的随机算子（rand/randn 及其 _like 形式）：两个相同的 F.dropout(training=True) 被合并了。
import torch
from torch import fx

NOT_PURE = {torch.rand, torch.randn, torch.rand_like, torch.randn_like}


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    seen: dict[tuple, fx.Node] = {}
    for n in list(gm.graph.nodes):
        if n.op not in ("call_function", "call_method") or n.target in NOT_PURE:
            continue
        if str(n.target).endswith("_"):
            continue
        key = (n.op, n.target, n.args, tuple(sorted(n.kwargs.items())))
        if key in seen:
            n.replace_all_uses_with(seen[key])
            gm.graph.erase_node(n)
        else:
            seen[key] = n
    gm.recompile()
    return gm
