# Copies the graph into a new fx.Graph node by node, reusing the first copy of any pure call already emitted.
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _pure(n: fx.Node) -> bool:
    if n.kwargs.get("inplace") is True or "out" in n.kwargs:  # relu(y, inplace=True), add(a, b, out=y)
        return False
    if n.op == "call_function":
        return n.target not in RANDOM_OPS and not n.target.__name__.endswith("_")
    return n.op == "call_method" and n.target not in ("bernoulli", "multinomial") and not n.target.endswith("_")


def _key(x):
    if isinstance(x, fx.Node):
        return ("node", x.name)
    if isinstance(x, (list, tuple)):
        return (type(x).__name__, tuple(_key(v) for v in x))
    if isinstance(x, dict):
        return ("dict", tuple((k, _key(v)) for k, v in sorted(x.items())))
    return (type(x).__name__, repr(x))


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    new = fx.Graph()
    env: dict[fx.Node, fx.Node] = {}
    emitted: dict[tuple, fx.Node] = {}
    for n in gm.graph.nodes:
        copy = new.node_copy(n, lambda a: env[a])
        if n.op in ("call_function", "call_method") and not _pure(n):
            emitted.clear()  # an in-place or random call: earlier values may be stale after it
        elif _pure(n):
            key = (n.op, str(n.target), _key(copy.args), _key(copy.kwargs))
            if key in emitted:
                new.erase_node(copy)
                copy = emitted[key]
            else:
                emitted[key] = copy
        env[n] = copy
    gm.graph = new
    gm.recompile()
    return gm
