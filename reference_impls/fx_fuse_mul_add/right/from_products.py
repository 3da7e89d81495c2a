# Walks the products instead of the adds: a tensor*tensor product whose single user is a plain add becomes addcmul,
# unless an in-place op runs between the product and the add.
import operator

import torch
from torch import fx

PRODUCTS = {operator.mul, torch.mul}
SUMS = {operator.add, torch.add}


def _is_tensor_product(n: fx.Node) -> bool:
    return n.op == "call_function" and n.target in PRODUCTS and not n.kwargs and len(n.args) == 2 \
        and all(isinstance(a, fx.Node) for a in n.args)


def _plain_sum_of(n: fx.Node) -> fx.Node | None:
    """The single user of `n`, if it is an add of two nodes without keyword arguments."""
    if len(n.users) != 1:
        return None
    (user,) = n.users
    ok = user.op == "call_function" and user.target in SUMS and not user.kwargs and len(user.args) == 2 \
        and all(isinstance(a, fx.Node) for a in user.args) and user.args[0] is not user.args[1]  # p + p is not it
    return user if ok else None


def _inplace_between(first: fx.Node, last: fx.Node) -> bool:
    node = first.next
    while node is not last:
        if node.op in ("call_function", "call_method") and (node.kwargs.get("inplace") is True or "out" in node.kwargs):
            return True
        if node.op == "call_method" and node.target.endswith("_"):
            return True
        if (node.op == "call_function" and getattr(node.target, "__name__", "").endswith("_")
                and node.target not in (operator.and_, operator.or_)):  # & and |: pure
            return True
        node = node.next
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for prod in list(gm.graph.nodes):
        if prod.graph is None or not _is_tensor_product(prod):
            continue
        add = _plain_sum_of(prod)
        if add is None or _inplace_between(prod, add):
            continue
        other = add.args[1] if add.args[0] is prod else add.args[0]
        with gm.graph.inserting_after(add):
            new = gm.graph.call_function(torch.addcmul, (other, prod.args[0], prod.args[1]))
        add.replace_all_uses_with(new)
        gm.graph.erase_node(add)
        gm.graph.erase_node(prod)
    gm.recompile()
    return gm
