# Hash-consing into a new graph that drops only entries reading the mutated tensor: an earlier p.clone() that was itself mutated afterwards is still reused for a later p.clone() (red team's right/rt4_rebuild_graph).
# zh: 在新图里做哈希合并，只丢弃读取被修改张量的表项：一个之后自己被原地修改过的 p.clone() 仍被后面的 p.clone() 复用（红队的 right/rt4_rebuild_graph）。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}



def _canon(a):
    if isinstance(a, fx.Node):
        return ("node", id(a))
    if isinstance(a, (list, tuple)):
        return (type(a).__name__,) + tuple(_canon(x) for x in a)
    if isinstance(a, dict):
        return ("dict",) + tuple(sorted((k, _canon(v)) for k, v in a.items()))
    if isinstance(a, slice):
        return ("slice", _canon(a.start), _canon(a.stop), _canon(a.step))
    return (type(a).__name__, repr(a))



VIEW_NAMES = {"view", "view_as", "reshape", "reshape_as", "t", "transpose", "permute", "getitem", "narrow", "select",
              "expand", "expand_as", "unsqueeze", "squeeze", "flatten", "unflatten", "chunk", "split", "unbind",
              "contiguous", "detach", "as_strided", "diagonal", "movedim", "swapaxes", "swapdims", "unfold", "alias",
              "split_with_sizes", "tensor_split", "hsplit", "vsplit", "view_as_real", "view_as_complex", "real", "imag",
              "getattr", "T", "mT", "H", "mH", "type_as", "to", "float", "type"}


def _tname(n):
    return n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")


def _aliases(m):
    """m and every node that may share its storage (walk up and down through view-like ops and in-place results)."""
    def is_view(n):
        return n.op in ("call_function", "call_method") and (_tname(n) in VIEW_NAMES or _tname(n).endswith("_"))
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


_name = _tname


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    new = fx.Graph()
    env = {}
    table = {}
    readers = {}  # original node -> keys of table entries that read it directly
    for n in gm.graph.nodes:
        inplace = n.op in ("call_function", "call_method") and (
            _name(n).endswith("_") or n.kwargs.get("inplace") is True or "out" in n.kwargs)
        rnd = (n.op == "call_function" and n.target in RANDOM_OPS) or               (n.op == "call_method" and n.target in ("bernoulli", "multinomial"))
        if n.op in ("call_function", "call_method") and not inplace and not rnd:
            args = fx.node.map_arg(n.args, lambda a: env[a])
            kwargs = fx.node.map_arg(n.kwargs, lambda a: env[a])
            key = (n.op, n.target, _canon(args), _canon(kwargs))
            if key in table:
                env[n] = table[key]
                continue
            env[n] = new.node_copy(n, lambda a: env[a])
            table[key] = env[n]
            for a in n.all_input_nodes:
                readers.setdefault(a, set()).add(key)
            continue
        env[n] = new.node_copy(n, lambda a: env[a])
        target = n.kwargs.get("out", n.args[0] if n.args else None)
        if inplace and isinstance(target, fx.Node):
            # an expression that reads the mutated tensor (or a view of it) must not be reused after the mutation
            for a in _aliases(target):
                for key in readers.pop(a, ()):
                    table.pop(key, None)
    gm.graph = new
    gm.recompile()
    return gm
