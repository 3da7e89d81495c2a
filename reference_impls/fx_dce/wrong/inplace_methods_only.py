# in-place detection only for call_method string targets: torch.relu_(y) (a call_function) is removed
# zh: 只对 call_method 的字符串 target 判断原地：torch.relu_(y)（call_function）被删掉了。
import torch
import torch.nn.functional as F
from torch import fx

RANDOM_OPS = {torch.rand, torch.rand_like, torch.randn, torch.randn_like, torch.randint, torch.randint_like,
              torch.randperm, torch.bernoulli, torch.normal, torch.poisson, torch.multinomial, torch.dropout,
              F.dropout, F.dropout1d, F.dropout2d, F.dropout3d, F.alpha_dropout, F.feature_alpha_dropout,
              F.gumbel_softmax, F.rrelu}


def _keep(n):
    if n.op == 'call_function':
        return n.target in RANDOM_OPS
    if n.op == 'call_method':
        return n.target.endswith('_') or n.target in ('bernoulli', 'multinomial')
    return False


def solve(gm: fx.GraphModule) -> fx.GraphModule:
    for n in reversed(list(gm.graph.nodes)):
        if n.op in ("placeholder", "output") or len(n.users) > 0:
            continue
        if _keep(n):
            continue
        gm.graph.erase_node(n)
    gm.recompile()
    return gm
