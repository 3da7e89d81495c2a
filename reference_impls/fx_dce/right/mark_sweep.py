# mark-and-sweep liveness (roots = output + in-place + random nodes, walk all_input_nodes), then erase the unmarked in reverse order  (also keeps inplace=True / out= calls)
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}

RANDOM_METHODS = {"bernoulli", "multinomial"}


def _name(n):
    t = n.target
    return t if isinstance(t, str) else getattr(t, "__name__", "")


def _is_root(n):
    if n.op in ("output", "placeholder"):
        return True
    if n.op in ("call_function", "call_method"):
        if _name(n).endswith("_") or n.kwargs.get("inplace") is True or "out" in n.kwargs:
            return True
        if n.op == "call_function" and n.target in RANDOM_OPS:
            return True
        if n.op == "call_method" and n.target in RANDOM_METHODS:
            return True
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    live = set()
    stack = [n for n in gm.graph.nodes if _is_root(n)]
    while stack:
        n = stack.pop()
        if n in live:
            continue
        live.add(n)
        stack.extend(n.all_input_nodes)
    for n in reversed(list(gm.graph.nodes)):
        if n not in live:
            gm.graph.erase_node(n)
    gm.graph.lint()
    gm.recompile()
    return gm
