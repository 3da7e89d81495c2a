# key is (target, args) only: x.softmax(dim=0) and x.softmax(dim=1) are merged
# zh: 键只用 (target, args)：x.softmax(dim=0) 和 x.softmax(dim=1) 被合并了。
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
    return (n.op, n.target, repr(n.args))


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
