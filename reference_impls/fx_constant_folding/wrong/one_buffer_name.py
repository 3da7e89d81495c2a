# Stores every folded value under the same buffer name, so each new constant overwrites the one before it.
# zh: 所有折叠出的值都存在同一个 buffer 名下，每个新常量都会覆盖前一个。
import functools

import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _pure(n: fx.Node) -> bool:
    name = n.target if isinstance(n.target, str) else n.target.__name__
    return n.target not in RANDOM_OPS and name not in ("bernoulli", "multinomial") and not name.endswith("_")


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    const: dict[fx.Node, object] = {}
    with torch.no_grad():
        for n in gm.graph.nodes:
            if n.op == "get_attr":
                const[n] = functools.reduce(getattr, n.target.split("."), gm)
            elif n.op in ("call_function", "call_method") and _pure(n) \
                    and all(a in const for a in n.all_input_nodes):
                args = fx.node.map_arg(n.args, lambda a: const[a])
                kwargs = fx.node.map_arg(n.kwargs, lambda a: const[a])
                const[n] = n.target(*args, **kwargs) if n.op == "call_function" else \
                    getattr(args[0], n.target)(*args[1:], **kwargs)
    for n in list(gm.graph.nodes):
        if n.op != "get_attr" and n in const and any(u not in const for u in n.users):
            gm.register_buffer("folded", torch.as_tensor(const[n]).clone())
            with gm.graph.inserting_before(n):
                n.replace_all_uses_with(gm.graph.get_attr("folded"))
    for n in reversed(list(gm.graph.nodes)):
        if n in const and not n.users:
            gm.graph.erase_node(n)
    gm.recompile()
    return gm
