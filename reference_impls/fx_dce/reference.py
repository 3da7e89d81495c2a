import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _writes(node: fx.Node) -> bool:
    """In-place: a name ending in `_` (not operator.and_/or_, which are `&` and `|`), or an
    `inplace=True` / `out=` argument."""
    if node.kwargs.get("inplace") is True or "out" in node.kwargs:
        return True
    if node.op == "call_function":
        return node.target.__name__.endswith("_") and node.target.__module__ not in ("_operator", "operator")
    return node.target.endswith("_")


def _has_effect(node: fx.Node) -> bool:
    if node.op in ("placeholder", "output"):
        return True
    if node.op == "call_function":
        return node.target in RANDOM_OPS or _writes(node)
    if node.op == "call_method":
        return node.target in ("bernoulli", "multinomial") or _writes(node)
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    # Backwards: by the time a node is visited, every node that read it has been visited already,
    # so a chain dies in one sweep.
    for node in reversed(list(gm.graph.nodes)):
        if not node.users and not _has_effect(node):
            gm.graph.erase_node(node)
    gm.recompile()
    return gm
