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


def _foldable_call(node: fx.Node) -> bool:
    if node.op == "call_function":
        return node.target not in RANDOM_OPS and not _writes(node)
    if node.op == "call_method":
        return node.target not in ("bernoulli", "multinomial") and not _writes(node)
    return False


def _fetch(gm: fx.GraphModule, target: str):
    obj = gm
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def _inplace(node: fx.Node) -> bool:
    return node.op in ("call_function", "call_method") and _writes(node)


# Ops whose result may share storage with their first argument: writing into it writes into that too.
VIEWS = {"view", "view_as", "reshape", "t", "transpose", "permute", "expand", "expand_as", "squeeze", "unsqueeze",
         "flatten", "unflatten", "narrow", "select", "getitem", "diagonal", "unfold", "as_strided", "detach",
         "contiguous", "to", "type_as", "chunk", "split", "unbind", "movedim", "real", "imag", "view_as_real"}


def _written(node: fx.Node) -> list[fx.Node]:
    """The tensors an in-place call writes into: its target (first argument or `out=`) and, through
    view ops, every tensor that target is a view of."""
    first = node.kwargs.get("out", node.args[0] if node.args else None)
    out = []
    while isinstance(first, fx.Node):
        out.append(first)
        name = first.target if isinstance(first.target, str) else getattr(first.target, "__name__", "")
        if first.op not in ("call_function", "call_method") or name not in VIEWS or not first.args:
            break
        first = first.args[0]
    return out


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    # A tensor some in-place call writes into changes while the graph runs: it is no constant.
    written = {w for n in gm.graph.nodes if _inplace(n) for w in _written(n)}
    # 1. Evaluate, in graph order, every node whose inputs are all known constants.
    value = {}
    with torch.no_grad():
        for node in gm.graph.nodes:
            if node in written:
                continue
            if node.op == "get_attr":
                value[node] = _fetch(gm, node.target)
            elif _foldable_call(node) and all(n in value for n in node.all_input_nodes):
                args = fx.node.map_arg(node.args, lambda n: value[n])
                kwargs = fx.node.map_arg(node.kwargs, lambda n: value[n])
                if node.op == "call_function":
                    value[node] = node.target(*args, **kwargs)
                else:
                    self_arg, *rest = args
                    value[node] = getattr(self_arg, node.target)(*rest, **kwargs)
    # 2. A folded call that something non-constant reads becomes a stored buffer.
    for i, node in enumerate(list(gm.graph.nodes)):
        if node.op == "get_attr" or node not in value or not isinstance(value[node], torch.Tensor):
            continue
        if all(user in value for user in node.users):
            continue  # only other constants read it: they are folded themselves
        name = f"_folded_{i}"
        gm.register_buffer(name, value[node].detach().clone())
        with gm.graph.inserting_before(node):
            node.replace_all_uses_with(gm.graph.get_attr(name))
    # 3. Drop what is no longer read (walking backwards removes whole chains).
    for node in reversed(list(gm.graph.nodes)):
        if node in value and not node.users:
            gm.graph.erase_node(node)
    gm.recompile()
    return gm
