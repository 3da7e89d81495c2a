# no in-place check: two y.add_(1) calls on the same tensor are merged, so the tensor is incremented once
# zh: 不检查原地算子：同一张量上的两次 y.add_(1) 被合并，张量只加了一次。
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
    if n.op not in ('call_function', 'call_method'):
        return False
    if n.op == 'call_function' and n.target in RANDOM_OPS:
        return False
    return not (n.op == 'call_method' and n.target in ('bernoulli', 'multinomial'))


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
