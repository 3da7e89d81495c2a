# One scan where any in-place op closes the open groups; F.linear on stacked parameters and narrow slices (holdout round 9)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import fx


def _mutates(gm, n):
    if n.op == "call_module":
        return bool(getattr(gm.get_submodule(n.target), "inplace", False))
    if n.op == "call_method":
        name = n.target
    elif n.op == "call_function":
        if n.kwargs.get("inplace", False):
            return True
        name = getattr(n.target, "__name__", "")
        if name in ("iadd", "isub", "imul", "itruediv", "ipow", "setitem"):
            return True
    else:
        return False
    return name.endswith("_") and not name.startswith("_")


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    open_buckets, closed = {}, []
    for n in list(g.nodes):
        if _mutates(gm, n):
            closed += open_buckets.values()
            open_buckets = {}
        elif (n.op == "call_module" and len(n.args) == 1 and not n.kwargs
              and isinstance(gm.get_submodule(n.target), nn.Linear)):
            open_buckets.setdefault(n.args[0], []).append(n)
    closed += open_buckets.values()

    k = 0
    for bucket in closed:
        if len(bucket) < 2:
            continue
        src = bucket[0].args[0]
        mods = [gm.get_submodule(n.target) for n in bucket]
        w = torch.cat([m.weight.detach().clone() for m in mods])
        if all(m.bias is None for m in mods):
            b = None
        else:
            b = torch.cat([m.bias.detach().clone() if m.bias is not None
                           else m.weight.new_zeros(m.out_features) for m in mods])
        while hasattr(gm, f"hfuse{k}_w"):
            k += 1
        wn, bn = f"hfuse{k}_w", f"hfuse{k}_b"
        setattr(gm, wn, nn.Parameter(w, requires_grad=False))
        if b is not None:
            setattr(gm, bn, nn.Parameter(b, requires_grad=False))
        k += 1
        with g.inserting_before(bucket[0]):
            w_node = g.get_attr(wn)
            b_node = g.get_attr(bn) if b is not None else None
            out = g.call_function(F.linear, (src, w_node, b_node))
            start = 0
            for n, m in zip(bucket, mods):
                piece = g.call_method("narrow", (out, -1, start, m.out_features))
                start += m.out_features
                n.replace_all_uses_with(piece)
        for n in bucket:
            g.erase_node(n)
    g.lint()
    gm.recompile()
    return gm
