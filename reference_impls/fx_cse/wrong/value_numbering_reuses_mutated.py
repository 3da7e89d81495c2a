# Value numbering that reuses a node whose tensor an in-place op changed later: c = p.clone(); c[0].mul_(3); ...; p.clone() again is merged into c, which no longer holds p's values (red team's right/rt4_value_numbering; it renumbers the mutated tensor's readers but not the earlier equal call).
# zh: 值编号时复用了一个之后被原地算子改过的节点：c = p.clone(); c[0].mul_(3); ……之后再出现的 p.clone() 被合并到 c 上，而 c 已经不是 p 的值了（红队的 right/rt4_value_numbering；它给被修改张量的读取者重新编号，却没有处理更早的相同调用）。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}




VIEW_NAMES = {"view", "view_as", "reshape", "reshape_as", "t", "transpose", "permute", "getitem", "narrow", "select",
              "expand", "expand_as", "unsqueeze", "squeeze", "flatten", "unflatten", "chunk", "split", "unbind",
              "contiguous", "detach", "as_strided", "diagonal", "movedim", "swapaxes", "swapdims", "unfold", "alias",
              "split_with_sizes", "tensor_split", "hsplit", "vsplit", "view_as_real", "view_as_complex", "real", "imag",
              "getattr", "T", "mT", "H", "mH", "type_as", "to", "float", "type"}


def _tname(n):
    return n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")


def _aliases(m):
    """m and every node that may share its storage (walk up and down through view-like ops and in-place results)."""
    def is_view(n):
        return n.op in ("call_function", "call_method") and (_tname(n) in VIEW_NAMES or _tname(n).endswith("_"))
    base = m
    while is_view(base) and base.args and isinstance(base.args[0], fx.Node):
        base = base.args[0]
    out, stack = set(), [base]
    while stack:
        n = stack.pop()
        if n in out:
            continue
        out.add(n)
        stack.extend(u for u in n.users if is_view(u) and u.args and u.args[0] is n)
    return out


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    vn = {}
    seen = {}
    counter = 0
    for n in list(gm.graph.nodes):
        tname = n.target if isinstance(n.target, str) else getattr(n.target, "__name__", "")
        writes = n.op in ("call_function", "call_method") and (
            tname.endswith("_") or n.kwargs.get("inplace") is True or "out" in n.kwargs)
        effect = n.op in ("call_function", "call_method") and (
            writes
            or (n.op == "call_function" and n.target in RANDOM_OPS)
            or (n.op == "call_method" and n.target in ("bernoulli", "multinomial")))
        if n.op in ("call_function", "call_method") and not effect:
            sig = repr((n.op, n.target,
                        fx.node.map_arg(n.args, lambda a: "%" + str(vn[a])),
                        fx.node.map_arg(n.kwargs, lambda a: "%" + str(vn[a]))))
            if sig in seen:
                keep = seen[sig]
                n.replace_all_uses_with(keep)
                gm.graph.erase_node(n)
                continue
            seen[sig] = n
        vn[n] = counter
        counter += 1
        target = n.kwargs.get("out", n.args[0] if n.args else None)
        if writes and isinstance(target, fx.Node):
            # renumber every alias of the mutated tensor: later reads of it get fresh value numbers
            for a in _aliases(target):
                if a in vn:
                    vn[a] = counter
                    counter += 1
    gm.graph.lint()
    gm.recompile()
    return gm
