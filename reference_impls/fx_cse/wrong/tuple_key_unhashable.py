# uses the raw args tuple as a dict key: any node with a list or slice argument (x[:, :2], x.permute([1, 0]), x.sum([0, 1])) raises TypeError: unhashable
# zh: 直接用原始 args 元组作字典键：带 list 或 slice 参数的节点（x[:, :2]、x.permute([1, 0])）抛出 TypeError: unhashable。
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
    return (n.op, n.target, n.args, tuple(sorted(n.kwargs.items())))


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
