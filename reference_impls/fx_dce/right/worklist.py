# A worklist: start from the nodes nobody reads, and when one is erased, queue its inputs that became unread.
from collections import deque

import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _effectful(node: fx.Node) -> bool:
    if node.op in ("placeholder", "output") or node.kwargs.get("inplace") is True or "out" in node.kwargs:
        return True
    if node.op == "call_function":
        return node.target in RANDOM_OPS or getattr(node.target, "__name__", "").endswith("_")
    if node.op == "call_method":
        return node.target in ("bernoulli", "multinomial") or node.target.endswith("_")
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    todo = deque(n for n in gm.graph.nodes if not n.users)
    while todo:
        node = todo.popleft()
        if node.graph is None or node.users or _effectful(node):
            continue
        inputs = list(node.all_input_nodes)
        gm.graph.erase_node(node)
        todo.extend(i for i in inputs if not i.users)
    gm.recompile()
    return gm
