# Builds the fused nn.Linear in a helper and hands each reader a slice out[..., lo:hi] instead of a split;
# a group is cut wherever an in-place op runs between two of its Linears.
import operator

import torch
from torch import fx, nn


def _fused(linears: list[nn.Linear]) -> nn.Linear:
    out = nn.Linear(linears[0].in_features, sum(m.out_features for m in linears), dtype=linears[0].weight.dtype)
    with torch.no_grad():
        row = 0
        for m in linears:
            out.weight[row:row + m.out_features] = m.weight
            out.bias[row:row + m.out_features] = m.bias if m.bias is not None else 0.0
            row += m.out_features
    return out


def _mutates(n: fx.Node) -> bool:
    """In-place in any spelling: a `_` name (not operator.and_/or_), inplace=True, out=, or a module
    built with inplace=True (read off the graph's owning module)."""
    if n.op == "call_module":
        return getattr(n.graph.owning_module.get_submodule(n.target), "inplace", False) is True
    if n.op not in ("call_method", "call_function"):
        return False
    if n.kwargs.get("inplace") is True or "out" in n.kwargs:
        return True
    name = n.target if n.op == "call_method" else getattr(n.target, "__name__", "")
    return isinstance(name, str) and name.endswith("_") and name not in ("and_", "or_")


def _cut(group: list[fx.Node]) -> list[list[fx.Node]]:
    """The group in runs with no in-place op between consecutive members."""
    runs = [[group[0]]]
    for prev, n in zip(group, group[1:]):
        walk = prev.next
        while walk is not n and not _mutates(walk):
            walk = walk.next
        if walk is n:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _groups(gm: fx.GraphModule) -> list[list[fx.Node]]:
    mods = dict(gm.named_modules())
    found: dict[fx.Node, list[fx.Node]] = {}
    for n in gm.graph.nodes:
        if n.op == "call_module" and nn.Linear in type(mods[n.target]).__mro__ and len(n.args) == 1:
            found.setdefault(n.args[0], []).append(n)
    return [run for g in found.values() for run in _cut(g) if len(run) > 1]


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    mods = dict(gm.named_modules())
    groups = _groups(gm)  # found once: the fused Linears added below read the same nodes
    for idx, group in enumerate(groups):
        linears = [mods[n.target] for n in group]
        gm.add_submodule(f"horizontal_{idx}", _fused(linears))
        with gm.graph.inserting_before(group[0]):
            wide = gm.graph.call_module(f"horizontal_{idx}", (group[0].args[0],))
            lo = 0
            for n, m in zip(group, linears, strict=True):
                piece = gm.graph.call_function(operator.getitem, (wide, (Ellipsis, slice(lo, lo + m.out_features))))
                n.replace_all_uses_with(piece)
                lo += m.out_features
    for group in groups:
        for n in group:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
