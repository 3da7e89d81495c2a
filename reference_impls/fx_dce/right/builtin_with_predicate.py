# reuses Graph.eliminate_dead_code with a custom is_impure_node predicate (in-place by name suffix, random function/method, placeholders)  (also keeps inplace=True / out= calls)
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}



def _impure(n: fx.Node) -> bool:
    if n.op in ("placeholder", "output"):
        return True
    if n.kwargs.get("inplace") is True or "out" in n.kwargs:
        return True
    if n.op == "call_function":
        return n.target in RANDOM_OPS or getattr(n.target, "__name__", "").endswith("_")
    if n.op == "call_method":
        return n.target.endswith("_") or n.target in ("bernoulli", "multinomial")
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    gm.graph.eliminate_dead_code(is_impure_node=_impure)
    gm.recompile()
    return gm
