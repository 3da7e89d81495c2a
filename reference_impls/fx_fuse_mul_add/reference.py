import operator

import torch
from torch import fx

MULS = (operator.mul, torch.mul)
ADDS = (operator.add, torch.add)


def _changed_between(product, add) -> bool:
    """Whether an in-place op (add_, relu_, ...) runs between the product and the add: it may change
    an operand (directly or through a view), and an addcmul at the add would read the new value."""
    n = product.next
    while n is not add:
        if n.op in ("call_function", "call_method") and (
                n.kwargs.get("inplace") is True or "out" in n.kwargs
                or (getattr(n.target, "__name__", str(n.target)).endswith("_")
                    and getattr(n.target, "__module__", None) not in ("_operator", "operator"))):
            return True
        n = n.next
    return False


def _fusable_product(n, add) -> bool:
    """tensor * tensor whose only reader is `add`, with no in-place op between the two."""
    return (isinstance(n, fx.Node) and n.op == "call_function" and n.target in MULS and not n.kwargs
            and len(n.args) == 2 and all(isinstance(a, fx.Node) for a in n.args) and len(n.users) == 1
            and not _changed_between(n, add))


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for node in list(gm.graph.nodes):
        if node.op != "call_function" or node.target not in ADDS or node.kwargs or len(node.args) != 2:
            continue
        left, right = node.args
        if not (isinstance(left, fx.Node) and isinstance(right, fx.Node)) or left is right:
            continue  # p + p has no separate addend: not the pattern
        if _fusable_product(left, node):
            product, other = left, right
        elif _fusable_product(right, node):
            product, other = right, left
        else:
            continue
        with gm.graph.inserting_before(node):
            fused = gm.graph.call_function(torch.addcmul, (other, *product.args))
        node.replace_all_uses_with(fused)
        gm.graph.erase_node(node)
        gm.graph.erase_node(product)
    gm.recompile()
    return gm
