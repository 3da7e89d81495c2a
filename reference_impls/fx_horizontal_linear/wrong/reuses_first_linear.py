# widens the first Linear in place (new weight/bias Parameters on the module the original model shares): the original model's q projection changes
# zh: 原地加宽第一个 Linear（在原模型共享的模块上换了新的 weight/bias 参数）：原模型的 q 投影变了。
import torch
from torch import fx


def _inplace(n):
    if n.op not in ("call_function", "call_method"):
        return False
    t = n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")
    return t.endswith("_")


def _is_lin(gm, n):
    m = gm.get_submodule(n.target)
    return isinstance(m, torch.nn.Linear)


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    g = gm.graph
    nodes = list(g.nodes)

    # an in-place op between two readers of the same node starts a new segment
    segs = {}
    seg_id = {}
    for n in nodes:
        if _inplace(n):
            for k in list(seg_id):
                seg_id[k] += 1
        if n.op == "call_module" and _is_lin(gm, n):
            k = n.args[0]
            seg_id.setdefault(k, 0)
            segs.setdefault((k, seg_id[k]), []).append(n)
    groups = list(segs.values())
    for gi, grp in enumerate(groups):
        if len(grp) < 2:
            continue
        mods = [gm.get_submodule(n.target) for n in grp]
        inp = grp[0].args[0]
        w = torch.cat([m.weight.detach() for m in mods], dim=0)
        bs = [m.bias.detach() if m.bias is not None else torch.zeros(m.out_features, dtype=m.weight.dtype, device=m.weight.device) for m in mods]
        b = torch.cat(bs)
        sizes = [m.out_features for m in mods]
        first = mods[0]
        first.weight = torch.nn.Parameter(w)
        first.bias = torch.nn.Parameter(b) if b is not None else None
        first.out_features = w.shape[0]
        with g.inserting_before(grp[0]):
            fused = g.call_module(grp[0].target, (inp,))
        with g.inserting_after(fused):
            parts = g.call_function(torch.split, (fused, sizes), {"dim": -1})
        for i, n in enumerate(grp):
            with g.inserting_after(parts):
                piece = g.call_function(__import__("operator").getitem, (parts, i))
            n.replace_all_uses_with(piece)
            if n is fused:
                continue
            g.erase_node(n)
    g.lint()
    gm.recompile()
    return gm
