# Repeats forward sweeps until a sweep removes nothing, instead of one backward sweep.
import torch
import torch.nn.functional as F

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def keep(node):
    if node.op in ("placeholder", "output"):
        return True
    if node.kwargs.get("inplace") is True or "out" in node.kwargs:  # relu(y, inplace=True), torch.add(a, b, out=y)
        return True
    name = node.target if isinstance(node.target, str) else getattr(node.target, "__name__", "")
    if node.op == "call_function":
        return node.target in RANDOM_OPS or name.endswith("_")
    if node.op == "call_method":
        return name in ("bernoulli", "multinomial") or name.endswith("_")
    return False


def solve(gm):
    changed = True
    while changed:  # repeat forward sweeps until nothing more dies
        changed = False
        for node in list(gm.graph.nodes):
            if not node.users and not keep(node):
                gm.graph.erase_node(node)
                changed = True
    gm.recompile()
    return gm
