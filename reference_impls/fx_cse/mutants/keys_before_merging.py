# Computes every key before merging anything: relu(x) * 2 twice keeps both products.
# zh: 先算好所有键再合并：两次 relu(x) * 2 的乘积都保留了下来。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _writes(node: fx.Node) -> bool:
    """In-place: a name ending in `_` (not operator.and_/or_/xor_, which are `&`, `|`, `^`), or an
    `inplace=True` / `out=` argument."""
    if node.kwargs.get("inplace") is True or "out" in node.kwargs:
        return True
    if node.op == "call_function":
        return node.target.__name__.endswith("_") and node.target.__module__ not in ("_operator", "operator")
    return node.target.endswith("_")


def _mergeable(node: fx.Node) -> bool:
    if node.op == "call_function":
        return node.target not in RANDOM_OPS and not _writes(node)
    if node.op == "call_method":
        return node.target not in ("bernoulli", "multinomial") and not _writes(node)
    return False


def _hashable(a):
    """A key for an argument: nodes by identity, containers by content, constants with their type."""
    if isinstance(a, fx.Node):
        return a
    if isinstance(a, (tuple, list)):
        return (type(a).__name__, tuple(_hashable(x) for x in a))
    if isinstance(a, dict):
        return ("dict", tuple(sorted((k, _hashable(v)) for k, v in a.items())))
    if isinstance(a, slice):
        return ("slice", _hashable(a.start), _hashable(a.stop), _hashable(a.step))
    return (type(a).__name__, a)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    first = {}
    # All keys are computed up front, from the original arguments.
    keys = {node: (node.op, node.target, _hashable(node.args), _hashable(node.kwargs))
            for node in gm.graph.nodes if _mergeable(node)}
    for node in list(gm.graph.nodes):
        if node not in keys:
            continue
        key = keys[node]
        if key in first:
            node.replace_all_uses_with(first[key])
            gm.graph.erase_node(node)
        else:
            first[key] = node
    gm.recompile()
    return gm
