# Builds a new graph, groups by (input node, in-place counter), matmul plus bias add, tensor_split (holdout round 9)
import operator
from itertools import accumulate

import torch
import torch.nn as nn
from torch import fx

_INPLACE_FUNCS = {"iadd", "isub", "imul", "itruediv", "setitem"}


def _inplace(gm, n):
    if n.op == "call_module":
        return getattr(gm.get_submodule(n.target), "inplace", False) is True
    if n.op not in ("call_method", "call_function"):
        return False
    if n.kwargs.get("inplace") is True:
        return True
    name = n.target if n.op == "call_method" else getattr(n.target, "__name__", "")
    return name in _INPLACE_FUNCS or (name[-1:] == "_" and name[:1] != "_")


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    epoch = 0
    key_of = {}
    members = {}
    for n in gm.graph.nodes:
        if _inplace(gm, n):
            epoch += 1
        elif (n.op == "call_module" and isinstance(gm.get_submodule(n.target), nn.Linear)
              and len(n.args) == 1 and not n.kwargs):
            key = (n.args[0], epoch)
            key_of[n] = key
            members.setdefault(key, []).append(n)
    members = {k: v for k, v in members.items() if len(v) > 1}

    new = fx.Graph()
    env = {}
    gid = 0
    for n in gm.graph.nodes:
        key = key_of.get(n)
        if key in members:
            group = members[key]
            if n is group[0]:
                mods = [gm.get_submodule(m.target) for m in group]
                wt = torch.cat([m.weight.detach() for m in mods], 0).t().contiguous()
                bias = torch.cat([m.bias.detach() if m.bias is not None
                                  else torch.zeros_like(m.weight[:, 0]).detach() for m in mods])
                while hasattr(gm, f"_hl_wt_{gid}"):
                    gid += 1
                gm.register_buffer(f"_hl_wt_{gid}", wt)
                gm.register_buffer(f"_hl_b_{gid}", bias)
                tag = f"_hl{gid}"

                def emit(target, args, kwargs=None, what=""):
                    return new.create_node("call_function", target, args, kwargs or {}, name=f"{tag}_{what}")

                wt_n = new.create_node("get_attr", f"_hl_wt_{gid}", name=f"{tag}_wt")
                b_n = new.create_node("get_attr", f"_hl_b_{gid}", name=f"{tag}_b")
                y = emit(torch.matmul, (env[key[0]], wt_n), what="mm")
                y = emit(operator.add, (y, b_n), what="bias")
                cuts = list(accumulate(m.out_features for m in mods))[:-1]
                pieces = emit(torch.tensor_split, (y, cuts), {"dim": -1}, what="split")
                for i, m in enumerate(group):
                    env[m] = emit(operator.getitem, (pieces, i), what=f"piece{i}")
                gid += 1
            continue
        env[n] = new.node_copy(n, lambda a: env[a])
    new.lint()
    return fx.GraphModule(gm, new)
