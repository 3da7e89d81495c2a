# Folds node by node into plain tensor attributes, then eliminate_dead_code drops the chains; has a __main__ self-test.
import functools

import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _safe(n: fx.Node) -> bool:
    name = n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")
    return n.op in ("call_function", "call_method") and n.target not in RANDOM_OPS \
        and name not in ("bernoulli", "multinomial") and not name.endswith("_") \
        and n.kwargs.get("inplace") is not True and "out" not in n.kwargs


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


def _run(n: fx.Node, env: dict) -> object:
    args = fx.node.map_arg(n.args, env.__getitem__)
    kwargs = fx.node.map_arg(n.kwargs, env.__getitem__)
    if n.op == "call_function":
        return n.target(*args, **kwargs)
    return getattr(args[0], n.target)(*args[1:], **kwargs)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    env: dict[fx.Node, object] = {}
    # w = p.clone(); w.add_(1): w is written while the graph runs, so it is no constant
    written = {w for n in gm.graph.nodes if n.op in ("call_function", "call_method") and not _safe(n)
               for w in _writes_into(n)}
    with torch.no_grad():
        for n in gm.graph.nodes:
            if n in written:
                continue
            if n.op == "get_attr":
                env[n] = functools.reduce(getattr, n.target.split("."), gm)
            elif _safe(n) and all(a in env for a in n.all_input_nodes):
                env[n] = _run(n, env)
    count = 0
    for n in list(gm.graph.nodes):
        if n.op == "get_attr" or n not in env or not isinstance(env[n], torch.Tensor):
            continue
        if all(u in env for u in n.users):
            continue
        attr = f"_cf{count}"
        count += 1
        setattr(gm, attr, env[n].clone())
        with gm.graph.inserting_before(n):
            n.replace_all_uses_with(gm.graph.get_attr(attr))
    # fx's eliminate_dead_code would also drop an unread in-place *method* (Node.is_impure misses
    # them): erase only the unread nodes that were folded
    for n in reversed(list(gm.graph.nodes)):
        if n in env and n.op != "get_attr" and not n.users:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm


if __name__ == "__main__":
    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.w = torch.nn.Parameter(torch.randn(3, 4))
            self.register_buffer("s", torch.randn(3, 1))

        def forward(self, x):
            return F.linear(x, self.w * self.s.exp(), None)

    m = M()
    x = torch.randn(2, 4)
    g = solve(fx.symbolic_trace(m))
    assert torch.allclose(g(x), m(x))
    assert not [n for n in g.graph.nodes if n.op == "call_method"]
    print("ok")
