# random ops recognised by a name list (rand/randn/rand_like/randn_like/randint): dropout, bernoulli, multinomial, normal still get merged
# zh: 按名字列表识别随机算子（rand/randn/rand_like/randn_like/randint）：dropout、bernoulli、multinomial、normal 仍被合并。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _name(n):
    return n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")


RANDOM_NAMES = {'rand', 'randn', 'rand_like', 'randn_like', 'randint', 'randint_like', 'randperm'}


def _candidate(n):
    return n.op in ('call_function', 'call_method') and not _name(n).endswith('_') and _name(n) not in RANDOM_NAMES


def _key(n):
    return (n.op, n.target, repr(n.args), repr(n.kwargs))


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    seen = {}
    for n in list(gm.graph.nodes):
        if not _candidate(n):
            continue
        key = _key(n)
        if key in seen:
            n.replace_all_uses_with(seen[key])
            gm.graph.erase_node(n)
        else:
            seen[key] = n
    gm.recompile()
    return gm
