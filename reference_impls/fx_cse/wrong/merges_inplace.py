# Bans the random ops but forgets in-place ones: two y.add_(1) calls become one, so y grows by 1 instead of 2.
# zh: 排除了随机算子却漏了原地算子：两次 y.add_(1) 被合成一次，y 只增加 1 而不是 2。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    seen: dict[tuple, fx.Node] = {}
    for n in list(gm.graph.nodes):
        if n.op not in ("call_function", "call_method") or n.target in RANDOM_OPS \
                or n.target in ("bernoulli", "multinomial"):
            continue
        key = (n.op, n.target, n.args, tuple(sorted(n.kwargs.items())))
        if key in seen:
            n.replace_all_uses_with(seen[key])
            gm.graph.erase_node(n)
        else:
            seen[key] = n
    gm.recompile()
    return gm
