# all keys computed in a first pass from the original args, merges in a second: chains (relu(x) * 2 twice) keep both products
# zh: 第一遍就按原始参数算好所有键，第二遍才合并：链（写了两遍的 relu(x) * 2）留下了两个乘法。
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
    if n.op not in ("call_function", "call_method") or _name(n).endswith("_"):
        return False
    if n.op == "call_function" and n.target in RANDOM_OPS:
        return False
    return not (n.op == "call_method" and n.target in ("bernoulli", "multinomial"))


def _key(n):
    return (n.op, n.target, repr(n.args), repr(n.kwargs))


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    nodes = [n for n in gm.graph.nodes if _candidate(n)]
    keys = {n: _key(n) for n in nodes}
    seen = {}
    for n in nodes:
        k = keys[n]
        if k in seen:
            n.replace_all_uses_with(seen[k])
            gm.graph.erase_node(n)
        else:
            seen[k] = n
    gm.recompile()
    return gm
