# Keys each pure call by a canonical string (nodes by name, kwargs sorted), merges in graph order; __main__ self-test.
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _name(target) -> str:
    return target if isinstance(target, str) else f"{target.__module__}.{target.__qualname__}"


def _skip(n: fx.Node) -> bool:
    if n.op not in ("call_function", "call_method"):
        return True
    if n.op == "call_function" and n.target in RANDOM_OPS:
        return True
    if n.kwargs.get("inplace") is True or "out" in n.kwargs:  # relu(y, inplace=True), add(a, b, out=y)
        return True
    short = n.target if isinstance(n.target, str) else n.target.__name__
    return short in ("bernoulli", "multinomial") or short.endswith("_")


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    table: dict[str, fx.Node] = {}
    for n in list(gm.graph.nodes):
        if _skip(n):
            if n.op in ("call_function", "call_method"):
                table.clear()  # relu(y); y.add_(1); relu(y): the second relu is another value
            continue
        key = f"{n.op}|{_name(n.target)}|{n.args!r}|{sorted(n.kwargs.items())!r}"
        keep = table.setdefault(key, n)
        if keep is not n:
            n.replace_all_uses_with(keep)
            gm.graph.erase_node(n)
    gm.recompile()
    return gm


if __name__ == "__main__":
    class M(torch.nn.Module):
        def forward(self, x):
            return (x.relu() * 2) + (x.relu() * 2) + x.softmax(dim=0) * x.softmax(dim=1)

    m, x = M(), torch.randn(3, 3)
    g = solve(fx.symbolic_trace(m))
    assert torch.allclose(g(x), m(x))
    assert sum(n.op == "call_method" and n.target == "relu" for n in g.graph.nodes) == 1
    print("ok")
