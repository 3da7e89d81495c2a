# only call_function/call_method nodes are candidates: unused get_attr and call_module nodes (an unused Linear) stay
# zh: 只把 call_function/call_method 节点当作候选：没被使用的 get_attr 和 call_module 节点（一个没用的 Linear）被留了下来。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _keep(n):
    if n.op not in ('call_function', 'call_method'):
        return True
    if n.op == 'call_function':
        return n.target in RANDOM_OPS or getattr(n.target, '__name__', '').endswith('_')
    return n.target.endswith('_') or n.target in ('bernoulli', 'multinomial')


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for n in reversed(list(gm.graph.nodes)):
        if n.op in ("placeholder", "output") or len(n.users) > 0:
            continue
        if _keep(n):
            continue
        gm.graph.erase_node(n)
    gm.recompile()
    return gm
