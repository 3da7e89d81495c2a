# unusual right (in-place targets and their views are never folded): copies the whole constant sub-graph into a fresh fx.Graph (node_copy), wraps it in a GraphModule over gm and runs it ONCE to get every frontier value, then swaps frontier nodes for get_attr buffers
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}
RANDOM_METHODS = ("bernoulli", "multinomial")

VIEW_NAMES = {"view", "view_as", "reshape", "reshape_as", "t", "transpose", "permute", "getitem", "narrow", "select",
              "expand", "expand_as", "unsqueeze", "squeeze", "flatten", "unflatten", "chunk", "split", "unbind",
              "contiguous", "detach", "as_strided", "diagonal", "movedim", "swapaxes", "swapdims", "unfold", "alias",
              "split_with_sizes", "tensor_split", "view_as_real", "view_as_complex", "real", "imag", "getattr",
              "type_as", "to", "float", "type"}


def _alias_closure(m):
    """m plus every node that may share its storage (up and down through view-like ops / in-place results)."""
    def nm(n):
        return n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")

    def is_view(n):
        return n.op in ("call_function", "call_method") and (nm(n) in VIEW_NAMES or nm(n).endswith("_"))
    base = m
    while is_view(base) and base.args and isinstance(base.args[0], fx.Node):
        base = base.args[0]
    out, stack = set(), [base]
    while stack:
        n = stack.pop()
        if n in out:
            continue
        out.add(n)
        stack.extend(u for u in n.users if is_view(u) and u.args and u.args[0] is n)
    return out


def _tname(n):
    return n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")


def _effectful(n):
    if n.op not in ("call_function", "call_method"):
        return False
    if (_tname(n).endswith("_") or n.kwargs.get("inplace") is True or "out" in n.kwargs):
        return True
    return (n.op == "call_function" and n.target in RANDOM_OPS) or (n.op == "call_method" and n.target in RANDOM_METHODS)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    # values an in-place op writes into are not constants
    written = set()
    for n in g.nodes:
        if n.op in ("call_function", "call_method") and (_tname(n).endswith("_") or n.kwargs.get("inplace") is True or "out" in n.kwargs):
            for a in n.all_input_nodes:
                written |= _alias_closure(a)
    const = []
    cset = set()
    for n in g.nodes:
        if n in written or _effectful(n):
            continue
        if n.op == "get_attr" or (n.op in ("call_function", "call_method")
                                  and all(i in cset for i in n.all_input_nodes)):
            const.append(n)
            cset.add(n)
    frontier = [n for n in const if n.op != "get_attr" and any(u not in cset for u in n.users)]
    if not frontier:
        return gm
    sub = fx.Graph()
    remap = {}
    for n in const:
        remap[n] = sub.node_copy(n, lambda a: remap[a])
    sub.output(tuple(remap[n] for n in frontier))
    with torch.no_grad():
        values = fx.GraphModule(gm, sub)()
    for i, (n, v) in enumerate(zip(frontier, values)):
        if not isinstance(v, torch.Tensor):
            continue
        name = "const_%s_%d" % (n.name, i)
        gm.register_buffer(name, v.detach().clone())
        with g.inserting_before(n):
            ga = g.get_attr(name)
        n.replace_all_uses_with(ga)
    for n in reversed(list(g.nodes)):
        if n in cset and not n.users:
            g.erase_node(n)
    g.lint()
    gm.recompile()
    return gm
