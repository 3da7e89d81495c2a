# Trusts fx's Node.is_impure() for purity: it misses in-place methods, so self.steps.add_(1) on a parameter gets folded.
# zh: 只靠 fx 的 Node.is_impure() 判断纯度，它认不出原地方法，于是对参数做的 self.steps.add_(1) 被折叠掉了。
import functools

import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    const: dict[fx.Node, object] = {}
    with torch.no_grad():
        for n in gm.graph.nodes:
            if n.op == "get_attr":
                const[n] = functools.reduce(getattr, n.target.split("."), gm)
            elif n.op in ("call_function", "call_method") and not n.is_impure() and n.target not in RANDOM_OPS \
                    and all(a in const for a in n.all_input_nodes):
                args = fx.node.map_arg(n.args, lambda a: const[a])
                kwargs = fx.node.map_arg(n.kwargs, lambda a: const[a])
                const[n] = n.target(*args, **kwargs) if n.op == "call_function" else \
                    getattr(args[0], n.target)(*args[1:], **kwargs)
    for k, n in enumerate(list(gm.graph.nodes)):
        if n.op != "get_attr" and n in const and any(u not in const for u in n.users):
            gm.register_buffer(f"const_{k}", torch.as_tensor(const[n]).clone())
            with gm.graph.inserting_before(n):
                n.replace_all_uses_with(gm.graph.get_attr(f"const_{k}"))
    for n in reversed(list(gm.graph.nodes)):
        if n in const and not n.users:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
