# Keeps in-place calls in the graph but folds what reads their target: w * 2 is computed before w.add_(1) runs.
# zh: 把原地调用留在图里，却折叠了读取其目标的节点：w * 2 在 w.add_(1) 执行之前就被算好了。
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


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    # 1. Evaluate, in graph order, every node whose inputs are all known constants.
    value = {}
    with torch.no_grad():
        for node in gm.graph.nodes:
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
