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


def _module_effect(gm: fx.GraphModule, node: fx.Node) -> bool:
    """A called module that draws (dropout in training mode) or writes into its input (inplace=True)."""
    mod = gm.get_submodule(node.target)
    random = mod.training and isinstance(mod, (torch.nn.modules.dropout._DropoutNd, torch.nn.RReLU))
    return random or getattr(mod, "inplace", False) is True


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    first = {}
    # Graph order: when a node is visited, its inputs have already been replaced by their
    # representatives, so duplicates further down a chain get the same key too.
    for node in list(gm.graph.nodes):
        if not _mergeable(node):
            if node.op in ("call_function", "call_method") or (node.op == "call_module" and _module_effect(gm, node)):
                # An in-place or random call may change a tensor that an earlier call read (relu(y);
                # y.add_(1); relu(y)): what was computed before it is never reused after it.
                first.clear()
            continue
        key = (node.op, node.target, _hashable(node.args), _hashable(node.kwargs))
        if key in first:
            node.replace_all_uses_with(first[key])
            gm.graph.erase_node(node)
        else:
            first[key] = node
    gm.recompile()
    return gm
