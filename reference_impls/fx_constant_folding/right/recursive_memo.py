# Decides constness recursively with a memo (not one forward sweep) instead of a single pass over the graph,
# and stores only the maximal constant values, each under a fresh buffer name.
import functools
import itertools

import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _allowed(n: fx.Node) -> bool:
    if n.kwargs.get("inplace") is True or "out" in n.kwargs:
        return False
    if n.op == "call_function":
        return n.target not in RANDOM_OPS and not getattr(n.target, "__name__", "").endswith("_")
    if n.op == "call_method":
        return n.target not in ("bernoulli", "multinomial") and not n.target.endswith("_")
    return False


# ops whose result may share memory with their first argument: a write into it writes into that too
_ALIASING = {"view", "view_as", "reshape", "t", "transpose", "permute", "expand", "squeeze", "unsqueeze", "flatten",
             "narrow", "select", "getitem", "diagonal", "detach", "contiguous", "to", "chunk", "split", "unbind"}


def _writes_into(n: fx.Node) -> list:
    """The tensor an in-place call writes (its first argument or out=), and what that is a view of."""
    t = n.kwargs.get("out", n.args[0] if n.args else None)
    found = []
    while isinstance(t, fx.Node):
        found.append(t)
        name = t.target if isinstance(t.target, str) else getattr(t.target, "__name__", "")
        if t.op not in ("call_function", "call_method") or name not in _ALIASING or not t.args:
            break
        t = t.args[0]
    return found


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    written = {w for n in gm.graph.nodes if n.op in ("call_function", "call_method") and (
               str(getattr(n.target, "__name__", n.target)).endswith("_") or not _allowed(n)) for w in _writes_into(n)}

    @functools.cache
    def value(n: fx.Node):
        """The node's value if it depends on constants only (and nothing writes into it), else None."""
        if n in written:
            return None
        if n.op == "get_attr":
            return functools.reduce(getattr, n.target.split("."), gm)
        if not _allowed(n):
            return None
        inputs = [value(a) for a in n.all_input_nodes]
        if any(v is None for v in inputs):
            return None
        known = dict(zip(n.all_input_nodes, inputs, strict=True))
        args = fx.node.map_arg(n.args, known.__getitem__)
        kwargs = fx.node.map_arg(n.kwargs, known.__getitem__)
        with torch.no_grad():
            if n.op == "call_function":
                return n.target(*args, **kwargs)
            return getattr(args[0], n.target)(*args[1:], **kwargs)

    names = (f"const_fold_{i}" for i in itertools.count())
    for n in list(gm.graph.nodes):
        if n.op in ("call_function", "call_method") and isinstance(value(n), torch.Tensor) \
                and any(value(u) is None for u in n.users):
            name = next(names)
            gm.register_buffer(name, value(n).detach().clone())
            with gm.graph.inserting_after(n):
                n.replace_all_uses_with(gm.graph.get_attr(name))
    for n in reversed(list(gm.graph.nodes)):
        if n.op in ("call_function", "call_method") and not n.users and value(n) is not None:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
