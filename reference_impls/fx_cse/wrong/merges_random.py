# no random-op check: two torch.rand_like(x) draws (or two dropouts) become one
# zh: 不检查随机算子：两次 torch.rand_like(x) 采样（或两次 dropout）被合成一次。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _name(n):
    return n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")


def _candidate(n):
    return n.op in ('call_function', 'call_method') and not _name(n).endswith('_')


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
