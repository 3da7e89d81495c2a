# an fx.Transformer that re-emits the graph; run_node sees the original add node and, when its product qualifies, emits torch.addcmul from the product's already-emitted operands (the fused mul is never emitted)
import operator

import torch
from torch import fx

MULS = (operator.mul, torch.mul)
ADDS = (operator.add, torch.add)


class _Fuse(fx.Transformer):
    def __init__(self, gm):
        super().__init__(gm)
        self.garbage_collect_values = False  # operands of a skipped mul are read later, at its add
        self.order = {n: i for i, n in enumerate(gm.graph.nodes)}
        self.nodes = list(gm.graph.nodes)

    def _ok(self, add, p):
        if not (isinstance(p, fx.Node) and p.op == "call_function" and p.target in MULS and not p.kwargs):
            return False
        if len(p.args) != 2 or not all(isinstance(a, fx.Node) for a in p.args) or len(p.users) != 1:
            return False
        if add.args[0] is add.args[1]:
            return False  # p + p: the "b" would be the product itself
        between = self.nodes[self.order[p] + 1: self.order[add]]
        for m in between:
            if m.op in ("call_function", "call_method"):
                t = m.target if isinstance(m.target, str) else getattr(m.target, "__name__", "")
                if t.endswith("_") and getattr(m.target, "__module__", None) != "_operator":  # not & or |
                    return False
                if {"out", "inplace"} & {k for k, v in m.kwargs.items() if v is not None and v is not False}:
                    return False  # torch.mul(h, 2, out=h), F.relu(h, inplace=True): writes all the same
        return True

    def _fusable_add(self, n):
        return n.op == "call_function" and n.target in ADDS and not n.kwargs and len(n.args) == 2 \
            and all(isinstance(a, fx.Node) for a in n.args)

    def run_node(self, n):
        if len(n.users) == 1:
            (u,) = n.users
            if self._fusable_add(u) and any(u.args[s] is n and self._ok(u, n) for s in (0, 1)):
                first = next(s for s in (0, 1) if self._ok(u, u.args[s]))
                if u.args[first] is n:
                    return None  # this product is folded into its add: never emitted
        if n.op == "call_function" and n.target in ADDS and not n.kwargs and len(n.args) == 2 \
                and all(isinstance(a, fx.Node) for a in n.args):
            for side in (0, 1):
                p, b = n.args[side], n.args[1 - side]
                if self._ok(n, p):
                    x, a = self.env[p.args[0]], self.env[p.args[1]]
                    return self.tracer.create_proxy("call_function", torch.addcmul, (self.env[b], x, a), {})
        return super().run_node(n)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    new = _Fuse(gm).transform()
    return new
