# Blocks a chain only when an in-place op names one of the product's operands: a write through a view of an operand (h.view(-1).mul_(2)) or any other in-place op between the multiply and the add slips through (formerly right/fixpoint_selftest; the prompt now says any in-place op between them blocks the fusion).
# zh: 只有当原地算子直接作用在乘积的操作数上时才跳过这条链：通过操作数的视图写入（h.view(-1).mul_(2)）或乘法与加法之间的其他原地算子都会漏掉（原为 right/fixpoint_selftest；题目现在规定两者之间的任何原地算子都会阻止融合）。
import operator

import torch
from torch import fx


def _operand_changed(prod: fx.Node, add: fx.Node) -> bool:
    """An in-place method/function (x.add_(1), torch.relu_(x)) on an operand of prod, run before add."""
    n = prod.next
    while n is not add:
        name = n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")
        if n.op in ("call_method", "call_function") and name.endswith("_") and n.args and n.args[0] in prod.args:
            return True
        n = n.next
    return False


def _find(graph: fx.Graph) -> tuple[fx.Node, fx.Node, fx.Node] | None:
    for add in graph.nodes:
        if add.op != "call_function" or add.target not in (operator.add, torch.add) or add.kwargs \
                or len(add.args) != 2 or not all(isinstance(a, fx.Node) for a in add.args):
            continue
        for prod, other in ((add.args[0], add.args[1]), (add.args[1], add.args[0])):
            if prod.op == "call_function" and prod.target in (operator.mul, torch.mul) and not prod.kwargs \
                    and len(prod.args) == 2 and all(isinstance(a, fx.Node) for a in prod.args) \
                    and list(prod.users) == [add] and not _operand_changed(prod, add):
                return add, prod, other
    return None


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    while (hit := _find(gm.graph)) is not None:
        add, prod, other = hit
        with gm.graph.inserting_before(add):
            add.replace_all_uses_with(gm.graph.call_function(torch.addcmul, (other, *prod.args)))
        gm.graph.erase_node(add)
        gm.graph.erase_node(prod)
    gm.recompile()
    return gm


if __name__ == "__main__":
    class M(torch.nn.Module):
        def forward(self, x, a, b):
            return (x * a + b) * a + x

    m = M()
    args = [torch.randn(4) for _ in range(3)]
    g = solve(fx.symbolic_trace(m))
    assert torch.allclose(g(*args), m(*args))
    assert sum(n.target is torch.addcmul for n in g.graph.nodes) == 2

    class Changed(torch.nn.Module):
        def forward(self, x, a, b):
            h = x.clone()
            p = h * a
            h.add_(1)
            return p + b

    m = Changed()
    g = solve(fx.symbolic_trace(m))
    assert torch.allclose(g(*args), m(*args))
    print("ok")
